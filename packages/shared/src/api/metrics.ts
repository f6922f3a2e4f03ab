import { z } from 'zod';

/**
 * The Utilization page (GET /api/system/metrics, admin; socket event `metrics` to admins): the server samples
 * the machine every METRICS_INTERVAL_MS and keeps the last METRICS_HISTORY_MS in memory.
 * CPU percentages are of the whole machine (all cores together = 100 %), so system and HomeCam compare directly.
 * A value the system cannot tell (no /proc, no sensor, first sample without a previous one) is null.
 */
export const METRICS_INTERVAL_MS = 5_000;
export const METRICS_HISTORY_MS = 60 * 60 * 1000;

const percent = z.number().min(0).max(100);
const bytes = z.number().nonnegative();

export const diskUsageSchema = z.object({
  usedPercent: percent,
  freeBytes: bytes,
  totalBytes: bytes,
});
export type DiskUsage = z.infer<typeof diskUsageSchema>;

export const metricsSampleSchema = z.object({
  /** When it was taken (ms since epoch). */
  t: z.number(),
  /** Whole machine busy, % of all cores. */
  cpuSystem: percent.nullable(),
  /** HomeCam's process and all its descendants (ffmpeg children), % of all cores. */
  cpuHomecam: percent.nullable(),
  memTotalBytes: bytes.nullable(),
  /** Total minus available (what the kernel could not hand out without swapping). */
  memUsedBytes: bytes.nullable(),
  /** Resident memory of HomeCam's process tree. */
  memHomecamBytes: bytes.nullable(),
  /** Processes in HomeCam's tree (itself included). */
  processes: z.number().int().nonnegative(),
  /** The file system of the data directory (database, config). */
  diskData: diskUsageSchema.nullable(),
  /** The file system new recordings go to. */
  diskRecordings: diskUsageSchema.nullable(),
  /** Sum of the indexed recordings' sizes. */
  recordingsBytes: bytes.nullable(),
  /** Hottest CPU thermal zone in °C; null when the machine has no sensor. */
  temperatureC: z.number().nullable(),
  /** fMP4 handed to live WebSocket viewers, bytes per second over the last interval. */
  liveBytesPerSecond: bytes,
});
export type MetricsSample = z.infer<typeof metricsSampleSchema>;

/** One camera stream (`<camera>/<main|sub>`), as of the newest sample. */
export const cameraMetricsSchema = z.object({
  camera: z.string(),
  stream: z.enum(['main', 'sub']),
  state: z.enum(['idle', 'starting', 'streaming', 'offline', 'error']),
  /** The upstream ffmpeg's pid while it runs. */
  pid: z.number().int().nullable(),
  /** That ffmpeg's CPU, % of all cores; null while it does not run or before a second sample. */
  cpu: percent.nullable(),
  /** What the camera sends (ffmpeg's fMP4 output), bits per second over the last interval. */
  ingestBitsPerSecond: bytes,
  /** Live WebSocket viewers. */
  viewers: z.number().int().nonnegative(),
  /** Everything reading the stream: viewers, recorder, motion, snapshots. */
  consumers: z.number().int().nonnegative(),
  /** Fragments consumers lost because they read too slowly, since the stream was created. */
  droppedFragments: z.number().int().nonnegative(),
  /** Upstream restarts (reconnects, codec restarts) since the stream was created. */
  reconnects: z.number().int().nonnegative(),
});
export type CameraMetrics = z.infer<typeof cameraMetricsSchema>;

export const metricsResponseSchema = z.object({
  intervalMs: z.number().int().positive(),
  /** CPU cores (for reading the percentages as cores). */
  cores: z.number().int().positive(),
  /** Oldest first, at most the last hour. */
  samples: z.array(metricsSampleSchema),
  cameras: z.array(cameraMetricsSchema),
});
export type MetricsResponse = z.infer<typeof metricsResponseSchema>;

/** Socket event `metrics`: one new sample and the camera table as of it. */
export interface MetricsUpdate {
  sample: MetricsSample;
  cameras: CameraMetrics[];
}
