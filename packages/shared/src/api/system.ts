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
