import { z } from 'zod';

/**
 * Contracts of issue 8 that more than one screen uses; each owner extends this file with its own schemas.
 *
 * At Home (config.json `atHome`, `exclude`): motion of every camera is ignored except the excluded ones.
 * GET /api/settings/at-home needs settings:general:access or :edit, PATCH needs settings:general:edit
 * (admin passes both); the System page, the Interface settings and the dashboard's Shortcuts widget use it.
 */
export const atHomeSettingsSchema = z.object({
  atHome: z.boolean(),
  /** Camera names whose motion still counts while At Home is on. */
  exclude: z.array(z.string()),
});
export type AtHomeSettings = z.infer<typeof atHomeSettingsSchema>;

export const atHomePatchSchema = z.strictObject({
  atHome: z.boolean().optional(),
  exclude: z.array(z.string().trim().min(1).max(100)).max(500).optional(),
});
export type AtHomePatch = z.infer<typeof atHomePatchSchema>;

/**
 * POST /api/system/restart (admin): 202 with this body, then the server stops cleanly and exits with
 * RESTART_EXIT_CODE; the start script (or systemd with RestartForceExitStatus) starts it again. 409
 * RESTART_UNAVAILABLE when nothing would bring it back (not started by the start script or a process manager).
 */
export const RESTART_EXIT_CODE = 75;
export const restartResponseSchema = z.object({ restarting: z.literal(true) });

/** Free and total bytes of one file system; null when the system does not say. */
export const diskSpaceSchema = z.object({ freeBytes: z.number().nullable(), totalBytes: z.number().nullable() });
export type DiskSpace = z.infer<typeof diskSpaceSchema>;

export const CONFIG_LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

/** Where the ffmpeg in use came from: config.json videoProcessor, FFMPEG_PATH, PATH or the bundled binary. */
export const FFMPEG_ORIGINS = ['config', 'env', 'path', 'bundled'] as const;

/** GET /api/system/info (admin): what Settings → System shows. Paths are the admin's only. */
export const systemInfoSchema = z.object({
  /** The UI version (APP_VERSION). */
  version: z.string(),
  startedAt: z.string(),
  uptime: z.object({ processSeconds: z.number(), systemSeconds: z.number() }),
  node: z.object({ version: z.string(), execPath: z.string() }),
  /** Null fields: no usable ffmpeg was found at start (the cameras report FFMPEG_UNAVAILABLE). */
  ffmpeg: z.object({ version: z.string().nullable(), path: z.string().nullable(), origin: z.enum(FFMPEG_ORIGINS).nullable() }),
  dataDir: z.object({ path: z.string(), disk: diskSpaceSchema }),
  recordingsDir: z.object({ path: z.string(), disk: diskSpaceSchema }),
  /** The level in effect; `pinned`: HOMECAM_LOG_LEVEL sets it, config.json's logLevel is not used. */
  logLevel: z.object({ level: z.string(), configured: z.enum(CONFIG_LOG_LEVELS), pinned: z.boolean() }),
  os: z.object({ platform: z.string(), arch: z.string(), release: z.string(), hostname: z.string() }),
  /** Started by the start script or a process manager: POST /api/system/restart can bring it back. */
  supervised: z.boolean(),
  atHome: atHomeSettingsSchema,
});
export type SystemInfo = z.infer<typeof systemInfoSchema>;

/** GET /api/system/status (dashboard:access): the Status widget. */
export const systemStatusSchema = z.object({
  version: z.string(),
  uptimeSeconds: z.number(),
  cameras: z.object({ online: z.number().int(), total: z.number().int() }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/** GET /api/system/disk (dashboard:access): the Disk widget; no paths. */
export const systemDiskSchema = diskSpaceSchema.extend({ recordingsBytes: z.number() });
export type SystemDisk = z.infer<typeof systemDiskSchema>;
