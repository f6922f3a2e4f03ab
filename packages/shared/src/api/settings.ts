import { z } from 'zod';
import { alertLevelsSchema } from './alerts.js';

/**
 * Upper bounds of the recordings' disk limits, in GB as retention counts them (2^30 bytes). Far above any real disk,
 * so no sane setting is refused, but low enough that a typo (or 1e308) cannot become a limit: 1,000,000 GB (about
 * 1 PB) for what recordings may use, 100,000 GB (about 100 TB) for the space to keep free. A minimum free space the
 * disk cannot reach even so deletes nothing (RecordingService.freeSpace). Both must be positive (zod refuses Infinity and NaN anyway);
 * no limit is written as "not set" (null in the API, the key left out in config.json), never as 0.
 */
export const RECORDINGS_MAX_SIZE_GB_LIMIT = 1_000_000;
export const RECORDINGS_MIN_FREE_GB_LIMIT = 100_000;
/** `recordings.maxSizeGB` and `recordings.minFreeGB`, shared by config.json, the settings API and the web form. */
export const recordingsMaxSizeGBSchema = z.number().positive().max(RECORDINGS_MAX_SIZE_GB_LIMIT);
export const recordingsMinFreeGBSchema = z.number().positive().max(RECORDINGS_MIN_FREE_GB_LIMIT);

/** `recordings` of config.json with the defaults applied (`path` resolved to the directory in use). */
export const recordingSettingsSchema = z.object({
  active: z.boolean(),
  type: z.enum(['Snapshot', 'Video']),
  timer: z.number().int(),
  path: z.string(),
  removeAfter: z.number().int(),
  maxSizeGB: z.number().nullable(),
  minFreeGB: z.number().nullable(),
});

/** Disk use of the recordings: sums from the database, free/total of the file system holding `path`. */
export const recordingDiskSchema = z.object({
  recordingsBytes: z.number(),
  recordingsCount: z.number().int(),
  freeBytes: z.number().nullable(),
  totalBytes: z.number().nullable(),
});

export const recordingSettingsResponseSchema = recordingSettingsSchema.extend({ disk: recordingDiskSchema });
export type RecordingSettings = z.infer<typeof recordingSettingsResponseSchema>;
export type RecordingDisk = z.infer<typeof recordingDiskSchema>;

/**
 * What `PATCH /api/settings/recordings` accepts. `type` and `timer` are config-file only (spec §5): sending them
 * is refused. `null` clears a size limit.
 */
export const recordingSettingsPatchSchema = z.strictObject({
  type: z.never({ message: 'CONFIG_FILE_ONLY' }).optional(),
  timer: z.never({ message: 'CONFIG_FILE_ONLY' }).optional(),
  active: z.boolean().optional(),
  path: z.string({ message: 'PATH_REQUIRED' }).trim().min(1, { message: 'PATH_REQUIRED' }).optional(),
  removeAfter: z.number().int().min(1).max(3650).optional(),
  maxSizeGB: recordingsMaxSizeGBSchema.nullable().optional(),
  minFreeGB: recordingsMinFreeGBSchema.nullable().optional(),
});
export type RecordingSettingsPatch = z.infer<typeof recordingSettingsPatchSchema>;

export const notificationSettingsSchema = z.object({
  active: z.boolean(),
  removeAfter: z.number().int(),
  /** Issue 9: which system levels (WARN/ERROR) also go to the alert channels. */
  alertLevels: alertLevelsSchema,
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsPatchSchema = z.strictObject({
  active: z.boolean().optional(),
  removeAfter: z.number().int().min(1).max(8760).optional(),
  alertLevels: alertLevelsSchema.optional(),
});
export type NotificationSettingsPatch = z.infer<typeof notificationSettingsPatchSchema>;
