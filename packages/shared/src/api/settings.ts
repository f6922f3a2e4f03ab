import { z } from 'zod';

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
  maxSizeGB: z.number().positive().nullable().optional(),
  minFreeGB: z.number().positive().nullable().optional(),
});
export type RecordingSettingsPatch = z.infer<typeof recordingSettingsPatchSchema>;

export const notificationSettingsSchema = z.object({
  active: z.boolean(),
  removeAfter: z.number().int(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsPatchSchema = z.strictObject({
  active: z.boolean().optional(),
  removeAfter: z.number().int().min(1).max(8760).optional(),
});
export type NotificationSettingsPatch = z.infer<typeof notificationSettingsPatchSchema>;
