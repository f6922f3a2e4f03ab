import { z } from 'zod';

/** What every visitor may read at start-up (spec §7: the UI config load). Holds no secret. */
export const uiConfigSchema = z.object({
  version: z.string(),
  name: z.string(),
});
export type UiConfig = z.infer<typeof uiConfigSchema>;

const port = z.number().int().min(1).max(65535);

/**
 * A camera entry as the original's config.json holds it. Only the identity is checked here;
 * the camera issue narrows the rest. Unknown keys are kept so no user's setting is lost.
 */
export const cameraConfigSchema = z.looseObject({
  name: z.string().trim().min(1, 'FIELD_REQUIRED'),
});

/**
 * `config.json` in the data directory. Field names follow camera.ui 1.1.17 so an existing file
 * keeps working; unknown top-level keys are kept as they are.
 */
export const configFileSchema = z.looseObject({
  logLevel: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  port: port.optional(),
  atHomeSwitch: z.boolean().default(false),
  options: z.object({ videoProcessor: z.string().optional() }).default({}),
  ssl: z
    .object({ active: z.boolean().default(false), key: z.string().optional(), cert: z.string().optional() })
    .default({ active: false }),
  http: z
    .object({ active: z.boolean().default(false), port: port.default(7272), localhttp: z.boolean().default(false) })
    .default({ active: false, port: 7272, localhttp: false }),
  smtp: z
    .object({ active: z.boolean().default(false), port: port.default(2727), space_replace: z.string().default('+') })
    .default({ active: false, port: 2727, space_replace: '+' }),
  ftp: z
    .object({ active: z.boolean().default(false), port: port.default(5050), useFile: z.boolean().default(false) })
    .default({ active: false, port: 5050, useFile: false }),
  mqtt: z
    .object({
      active: z.boolean().default(false),
      tls: z.boolean().default(false),
      host: z.string().default(''),
      port: port.default(1883),
      username: z.string().default(''),
      password: z.string().default(''),
    })
    .default({ active: false, tls: false, host: '', port: 1883, username: '', password: '' }),
  cameras: z.array(cameraConfigSchema).default([]),
});
export type ConfigFile = z.infer<typeof configFileSchema>;
export type ConfigFileInput = z.input<typeof configFileSchema>;

export const configQuerySchema = z.object({
  /** `config` returns the config file (admin only); absent returns the public UI config. */
  target: z.enum(['ui', 'config']).default('ui'),
});

export const configStatSchema = z.object({
  size: z.number().int(),
  modifiedAt: z.string(),
  createdAt: z.string(),
});
export type ConfigStat = z.infer<typeof configStatSchema>;
