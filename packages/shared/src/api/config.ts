import { z } from 'zod';
import { alertLevelsSchema } from './alerts.js';
import { alexaSettingsSchema } from './alerts-alexa.js';
import { telegramSettingsSchema } from './alerts-telegram.js';
import { webhookSettingsSchema } from './alerts-webhook.js';
import { MQTT_PUBLISH_DEFAULTS, mqttPublishSettingsSchema } from './mqtt-publish.js';
import { cameraSchema } from './cameras.js';
import { homekitSettingsSchema } from './homekit.js';
import { webrtcSettingsSchema } from './webrtc.js';
import { WEATHER_DEFAULT_GEOCODING_URL, WEATHER_DEFAULT_URL, WEATHER_PROVIDERS } from './dashboard.js';
import { recordingsMaxSizeGBSchema, recordingsMinFreeGBSchema } from './settings.js';
import { continuousConfigSchema } from './continuous.js';
import { SECOND_FACTOR_POLICIES } from './second-factor.js';

/** What every visitor may read at start-up (spec §7: the UI config load). Holds no secret. */
export const uiConfigSchema = z.object({
  version: z.string(),
  name: z.string(),
});
export type UiConfig = z.infer<typeof uiConfigSchema>;

const port = z.number().int().min(1).max(65535);

/** An http(s) URL without credentials (the weather provider's base URLs). */
const httpUrl = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, { message: 'must be an http(s) URL without credentials' });

/**
 * A camera entry as `config.json` holds it: checked against `cameraSchema` (so a bad camera names its key,
 * e.g. `cameras.1.videoConfig.probeSize`), but kept exactly as written. The defaults are applied when the
 * cameras are read, never written back, and unknown keys (HomeKit's, plugins') stay untouched.
 */
export const cameraConfigSchema = z.looseObject({ name: z.string({ message: 'FIELD_REQUIRED' }) }).superRefine((camera, ctx) => {
  const result = cameraSchema.safeParse(camera);
  if (result.success) return;
  for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

/** Camera names are the key of everything else (URLs, recordings): unique regardless of case and spaces. */
export function cameraNameKey(name: string): string {
  return name.trim().toLowerCase();
}

const configCameraListSchema = z.array(cameraConfigSchema).superRefine((cameras, ctx) => {
  const seen = new Set<string>();
  cameras.forEach((camera, index) => {
    const key = cameraNameKey(camera.name);
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: 'camera already exists' });
    seen.add(key);
  });
});

/**
 * `config.json` in the data directory. Field names follow camera.ui 1.1.17 so an existing file
 * keeps working. Every block is a loose object: keys we do not model (camera.ui's, plugins') are kept through
 * parse and write, at the top level, in every block and in the cameras. Request bodies stay strict elsewhere.
 */
export const configFileSchema = z.looseObject({
  logLevel: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  port: port.optional(),
  atHomeSwitch: z.boolean().default(false),
  /** At home: motion of every camera is ignored except the cameras in `exclude` (doorbells always count). */
  atHome: z.boolean().default(false),
  exclude: z.array(z.string()).default([]),
  /** Issue 21: who must have a second factor to use HomeCam (Settings → System). */
  secondFactorPolicy: z.enum(SECOND_FACTOR_POLICIES).default('off'),
  /** HomeCam: notifications are on by default (camera.ui: off); removed after `removeAfter` hours. */
  notifications: z
    .looseObject({
      active: z.boolean().default(true),
      removeAfter: z.number().int().min(1).max(8760).default(72),
      // Alert channels (issue 9), camera.ui's blocks; absent = off.
      telegram: telegramSettingsSchema.optional(),
      webhook: webhookSettingsSchema.optional(),
      alexa: alexaSettingsSchema.optional(),
      /** Which system notifications (WARN/ERROR) also go to the alert channels (web push keeps its own rule); [] = none. */
      alertLevels: alertLevelsSchema.default([]),
    })
    .default({ active: true, removeAfter: 72, alertLevels: [] }),
  /**
   * Recordings (spec §5: config file only). `type`/`timer` are the defaults a camera's recordingType/recordingTimer
   * override; `path` defaults to `<data>/recordings`; `removeAfter` in days; `maxSizeGB`/`minFreeGB` bound the disk
   * (each with an upper bound, see RECORDINGS_MAX_SIZE_GB_LIMIT).
   */
  recordings: z
    .looseObject({
      active: z.boolean().default(true),
      type: z.enum(['Snapshot', 'Video']).default('Video'),
      timer: z.number().int().min(1).max(3600).default(10),
      path: z.string().min(1).optional(),
      removeAfter: z.number().int().min(1).max(3650).default(7),
      maxSizeGB: recordingsMaxSizeGBSchema.optional(),
      minFreeGB: recordingsMinFreeGBSchema.optional(),
      /** 24/7 recording (issue 19): segment length, days per tier, size caps; defaults by continuousSettingsOf(). */
      continuous: continuousConfigSchema.optional(),
    })
    .default({ active: true, type: 'Video', timer: 10, removeAfter: 7 }),
  options: z.looseObject({ videoProcessor: z.string().optional() }).default({}),
  ssl: z
    .looseObject({ active: z.boolean().default(false), key: z.string().optional(), cert: z.string().optional() })
    .default({ active: false }),
  // token (HomeCam addition): when set, trigger requests need `?token=` or `Authorization: Bearer` with it.
  http: z
    .looseObject({
      active: z.boolean().default(false),
      port: port.default(7272),
      localhttp: z.boolean().default(false),
      token: z.string().max(256).optional(),
    })
    .default({ active: false, port: 7272, localhttp: false }),
  /** `username`/`password` (HomeCam): when both are set, mail is only accepted after SMTP AUTH. */
  smtp: z
    .looseObject({
      active: z.boolean().default(false),
      port: port.default(2727),
      space_replace: z.string().default('+'),
      username: z.string().optional(),
      password: z.string().optional(),
    })
    .default({ active: false, port: 2727, space_replace: '+' }),
  /** `username`/`password` (HomeCam): when both are set, anonymous logins are refused. */
  ftp: z
    .looseObject({
      active: z.boolean().default(false),
      port: port.default(5050),
      useFile: z.boolean().default(false),
      username: z.string().optional(),
      password: z.string().optional(),
    })
    .default({ active: false, port: 5050, useFile: false }),
  mqtt: z
    .looseObject({
      active: z.boolean().default(false),
      tls: z.boolean().default(false),
      host: z.string().default(''),
      port: port.default(1883),
      username: z.string().default(''),
      password: z.string().default(''),
      /** Issue 9: publishing to the same broker (states, snapshots, Home Assistant discovery); see api/mqtt-publish.ts. */
      publish: mqttPublishSettingsSchema.default(MQTT_PUBLISH_DEFAULTS),
    })
    .default({ active: false, tls: false, host: '', port: 1883, username: '', password: '', publish: MQTT_PUBLISH_DEFAULTS }),
  /**
   * AWS Rekognition (camera.ui's `aws` keys; its counters contingent_left/last_rekognition live in the database).
   * Optional, no defaults here: a file without it stays without it. The secret is admin-only (GET ?target=config).
   */
  aws: z
    .looseObject({
      active: z.boolean().optional(),
      accessKeyId: z.string().optional(),
      secretAccessKey: z.string().optional(),
      region: z.string().optional(),
      contingent_total: z.number().int().min(0).max(1_000_000).optional(),
    })
    .optional(),
  cameras: configCameraListSchema.default([]),
  /** Issue 10: the built-in HomeKit bridge (absent = off); see api/homekit.ts. */
  homekit: homekitSettingsSchema.optional(),
  /** Issue 10: WebRTC live view (absent = on with defaults); see api/webrtc.ts. */
  webrtc: webrtcSettingsSchema.optional(),
  /**
   * Dashboard (HomeCam): the weather provider the server asks (admin-configured, so it may be a local address).
   * `apiKey` only for providers that need one; Open-Meteo needs none. Never sent to non-admins.
   */
  dashboard: z
    .looseObject({
      weather: z
        .looseObject({
          provider: z.enum(WEATHER_PROVIDERS).default('open-meteo'),
          url: httpUrl.default(WEATHER_DEFAULT_URL),
          geocodingUrl: httpUrl.default(WEATHER_DEFAULT_GEOCODING_URL),
          apiKey: z.string().max(256).optional(),
        })
        .default({ provider: 'open-meteo', url: WEATHER_DEFAULT_URL, geocodingUrl: WEATHER_DEFAULT_GEOCODING_URL }),
    })
    .default({ weather: { provider: 'open-meteo', url: WEATHER_DEFAULT_URL, geocodingUrl: WEATHER_DEFAULT_GEOCODING_URL } }),
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

/**
 * What a destructive write of config.json must confirm, in the query `confirm` (comma separated or repeated):
 * `remove-cameras` when the result has no camera left while the file had some, `remove-sections` when a
 * top-level key of the file would disappear. Without it the write is refused with 409 CONFIG_DESTRUCTIVE.
 */
export const CONFIG_CONFIRMATIONS = ['remove-cameras', 'remove-sections'] as const;
export type ConfigConfirmation = (typeof CONFIG_CONFIRMATIONS)[number];

export const configWriteQuerySchema = z.object({
  confirm: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean)))
    .pipe(z.array(z.enum(CONFIG_CONFIRMATIONS))),
  /**
   * Optimistic check (the config editor): the `modifiedAt` of GET /api/config/stat the writer read. When config.json
   * was modified since (a hand edit, another admin), the write is refused with 409 CONFIG_CHANGED. Absent: no check.
   */
  ifModifiedAt: z.iso.datetime().optional(),
});

/** PUT /api/config (the whole file) and PATCH /api/config (an RFC 7396 merge patch of it): a JSON object. */
export const configWriteBodySchema = z.record(z.string(), z.unknown());
