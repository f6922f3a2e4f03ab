import { z } from 'zod';

export const RECORDING_TYPES = ['Snapshot', 'Video'] as const;
export type RecordingType = (typeof RECORDING_TYPES)[number];
/**
 * `interrupted`: the clip was cut short (a write error, a crash) and holds what was written. `failed`: the camera
 * sent no video at all; only the trigger's picture is kept as its thumbnail (without one it is not kept at all).
 */
export const RECORDING_STATUSES = ['recording', 'complete', 'interrupted', 'failed'] as const;

/** One recording (GET /api/recordings[/:id], socket.io `recording`). Files are under `/files/recordings/`. */
export const recordingSchema = z.object({
  id: z.string(),
  camera: z.string(),
  room: z.string(),
  /** motion, doorbell … with the source: `motion` | `doorbell`. */
  label: z.string(),
  /** Image analysis labels of the events this clip holds, best first (`label` is the first); absent when none. */
  labels: z.array(z.string()).optional(),
  /** Where the event came from (motion, http, mqtt, smtp, ftp, api). */
  trigger: z.string(),
  type: z.enum(RECORDING_TYPES),
  status: z.enum(RECORDING_STATUSES),
  startedAt: z.string(),
  durationMs: z.number().int(),
  sizeBytes: z.number().int(),
  /** URL of the clip or picture. */
  file: z.string(),
  /** URL of the thumbnail JPEG, if any. */
  thumbnail: z.string().nullable(),
});
export type Recording = z.infer<typeof recordingSchema>;

export const recordingListSchema = z.object({ result: z.array(recordingSchema), nextCursor: z.string().nullable() });
export type RecordingList = z.infer<typeof recordingListSchema>;
