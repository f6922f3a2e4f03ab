import { z } from 'zod';

/**
 * 24/7 recording (issue 19): per-camera recording mode, retention tiers, the timeline, review items and exports.
 * camera.ui 1.1.17 has no continuous recording: its names stop at `recordings.{active,type,timer,path,removeAfter}`
 * and HomeCam's per-camera `recordingType`/`recordingTimer`. The new keys follow that flat style beside them
 * (`recordingMode`, `recordingStream`, `recordingMaxSizeGB` on a camera; `recordings.continuous` globally), are
 * optional in config.json, and get their defaults when read (`cameraRecording`, `continuousSettingsOf`).
 */
export const RECORDING_MODES = ['off', 'events', 'continuous'] as const;
export type RecordingMode = (typeof RECORDING_MODES)[number];
export const RECORDING_STREAMS = ['main', 'sub'] as const;
export type RecordingStream = (typeof RECORDING_STREAMS)[number];
/** Retention tiers, lowest first: what space pressure deletes first. */
export const RETENTION_TIERS = ['all', 'motion', 'events'] as const;
export type RetentionTier = (typeof RETENTION_TIERS)[number];

export const SIZE_CAP_GB_LIMIT = 1_000_000;
const capGB = z.number().positive().max(SIZE_CAP_GB_LIMIT);
const days = z.number().int().min(0).max(3650);

/** The camera's own keys (added to cameraSchema). */
export const cameraRecordingFields = {
  /** off · events (clips per event, the default) · continuous (24/7 segments; events become spans of them). */
  recordingMode: z.enum(RECORDING_MODES).optional(),
  /** Which stream continuous recording copies (default main). */
  recordingStream: z.enum(RECORDING_STREAMS).optional(),
  /** This camera's continuous footage cap in GB (default `recordings.continuous.cameraMaxSizeGB`). */
  recordingMaxSizeGB: capGB.optional(),
};

export interface CameraRecording {
  mode: RecordingMode;
  stream: RecordingStream;
  maxSizeGB: number | null;
}

/** A camera's recording settings with the defaults applied. */
export function cameraRecording(camera: { recordingMode?: RecordingMode | undefined; recordingStream?: RecordingStream | undefined; recordingMaxSizeGB?: number | undefined }): CameraRecording {
  return { mode: camera.recordingMode ?? 'events', stream: camera.recordingStream ?? 'main', maxSizeGB: camera.recordingMaxSizeGB ?? null };
}

export const CONTINUOUS_DEFAULTS = { segmentSeconds: 10, retain: { all: 3, motion: 7, events: 30 } } as const;

/** `recordings.continuous` of config.json (every key optional, loose like the rest of the file). */
export const continuousConfigSchema = z.looseObject({
  /** Target segment length: a segment is cut at the first keyframe after it. */
  segmentSeconds: z.number().int().min(2).max(120).optional(),
  /** Days kept per tier; a segment is kept as long as the longest tier it belongs to says. */
  retain: z.looseObject({ all: days.optional(), motion: days.optional(), events: days.optional() }).optional(),
  /** All continuous footage together. */
  maxSizeGB: capGB.optional(),
  /** Each camera's footage, unless the camera sets its own `recordingMaxSizeGB`. */
  cameraMaxSizeGB: capGB.optional(),
});
export type ContinuousConfig = z.infer<typeof continuousConfigSchema>;

export const continuousSettingsSchema = z.object({
  segmentSeconds: z.number().int(),
  retain: z.object({ all: z.number().int(), motion: z.number().int(), events: z.number().int() }),
  maxSizeGB: z.number().nullable(),
  cameraMaxSizeGB: z.number().nullable(),
  /** `recordings.minFreeGB` (shared with event clips; PATCH /api/settings/recordings sets it). */
  minFreeGB: z.number().nullable(),
});
export type ContinuousSettings = z.infer<typeof continuousSettingsSchema>;

export function continuousSettingsOf(config: ContinuousConfig | undefined, minFreeGB: number | undefined): ContinuousSettings {
  const retain = config?.retain;
  const d = CONTINUOUS_DEFAULTS;
  return {
    segmentSeconds: config?.segmentSeconds ?? d.segmentSeconds,
    retain: { all: retain?.all ?? d.retain.all, motion: retain?.motion ?? d.retain.motion, events: retain?.events ?? d.retain.events },
    maxSizeGB: config?.maxSizeGB ?? null,
    cameraMaxSizeGB: config?.cameraMaxSizeGB ?? null,
    minFreeGB: minFreeGB ?? null,
  };
}

/** Settings → Recordings, per camera: what is held and how long the cap lasts at the current rate. */
export const cameraFootageStatsSchema = z.object({
  camera: z.string(),
  mode: z.enum(RECORDING_MODES),
  stream: z.enum(RECORDING_STREAMS),
  /** The cap in force for this camera (its own or the default), GB; null = none. */
  maxSizeGB: z.number().nullable(),
  bytes: z.number(),
  segments: z.number().int(),
  /** Days between the oldest footage held and now. */
  daysHeld: z.number(),
  /** Bytes written in the last 24 hours (with less than a day held: the average per day of what is held). */
  bytesPerDay: z.number(),
  /** "At this rate the cap holds N days": `maxSizeGB` ÷ `bytesPerDay`; null without a cap or without footage. */
  capDays: z.number().nullable(),
});
export type CameraFootageStats = z.infer<typeof cameraFootageStatsSchema>;

export const continuousSettingsResponseSchema = continuousSettingsSchema.extend({
  cameras: z.array(cameraFootageStatsSchema),
  /** Footage held, all cameras. */
  totalBytes: z.number(),
  /** All cameras' `bytesPerDay`. */
  bytesPerDay: z.number(),
  /** "At this rate the overall cap holds N days": `maxSizeGB` ÷ `bytesPerDay`; null without that cap or footage. */
  capDays: z.number().nullable(),
  /**
   * "At this rate the disk holds N days": (free space + footage held − `minFreeGB`) ÷ `bytesPerDay`, what binds
   * when no cap does; null without footage.
   */
  diskDays: z.number().nullable(),
});
export type ContinuousSettingsResponse = z.infer<typeof continuousSettingsResponseSchema>;

export const continuousSettingsPatchSchema = z.strictObject({
  segmentSeconds: z.number().int().min(2).max(120).optional(),
  retain: z.strictObject({ all: days.optional(), motion: days.optional(), events: days.optional() }).optional(),
  maxSizeGB: capGB.nullable().optional(),
  cameraMaxSizeGB: capGB.nullable().optional(),
});
export type ContinuousSettingsPatch = z.infer<typeof continuousSettingsPatchSchema>;
