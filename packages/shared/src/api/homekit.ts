import { z } from 'zod';
import { displayNameSchema } from './common.js';

/**
 * Issue 10: the built-in HomeKit bridge. config.json `homekit` (absent = off). The setup code, the bridge's
 * identity (username/MAC-like id) and the pairings are not config: they live in `<data>/homekit/` (kept in backups),
 * so an edit of config.json never unpairs the bridge.
 */
export const HOMEKIT_DEFAULT_PORT = 51826;
export const HOMEKIT_DEFAULT_NAME = 'HomeCam Bridge';

export const homekitSettingsSchema = z.looseObject({
  active: z.boolean().default(false),
  /** The bridge's name as the Home app shows it. */
  name: z.string().trim().min(1).max(64).default(HOMEKIT_DEFAULT_NAME),
  /** TCP port of the HAP server. */
  port: z.number().int().min(1024).max(65535).default(HOMEKIT_DEFAULT_PORT),
  /**
   * Network interfaces or IPv4/IPv6 addresses the bridge listens and advertises on (mDNS); absent = all.
   * Names/addresses only, parsed and checked against the machine's interfaces: never passed to a shell.
   */
  bind: z.array(z.string().trim().min(1).max(64)).max(16).optional(),
});
export type HomekitSettings = z.infer<typeof homekitSettingsSchema>;

export const HOMEKIT_STATES = ['off', 'starting', 'running', 'error'] as const;
export type HomekitState = (typeof HOMEKIT_STATES)[number];

/** GET /api/homekit (admin): what Settings → System shows for pairing. */
export const homekitStatusSchema = z.object({
  active: z.boolean(),
  state: z.enum(HOMEKIT_STATES),
  name: z.string(),
  port: z.number().int(),
  /** `XXX-XX-XXX`; null while the bridge has never been started. Admin only (this route is admin only). */
  setupCode: z.string().nullable(),
  /** `X-HM://…` for the QR code; null like setupCode. */
  setupUri: z.string().nullable(),
  /** The bridge's HAP id (`AA:BB:CC:DD:EE:FF`). */
  bridgeId: z.string().nullable(),
  paired: z.boolean(),
  pairings: z.number().int().min(0),
  /** Camera accessories published on the bridge. */
  accessories: z.number().int().min(0),
  /** Redacted English text of the last failure, null when running fine. */
  lastError: z.string().nullable(),
});
export type HomekitStatus = z.infer<typeof homekitStatusSchema>;

/** PATCH /api/homekit (admin): written to config.json `homekit` and applied live. */
export const homekitPatchSchema = z.strictObject({
  active: z.boolean().optional(),
  name: displayNameSchema('FIELD_REQUIRED').optional(),
  port: z.number().int().min(1024).max(65535).optional(),
});
export type HomekitPatch = z.infer<typeof homekitPatchSchema>;
