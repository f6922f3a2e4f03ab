import { z } from 'zod';
import { ALERT_CHANNEL_OFF_REASONS, problemSchema } from './integration-codes.js';

/**
 * Issue 9: one alert pipeline. Every notification (camera events, and WARN/ERROR system notifications where the user
 * chose so) fans out to each enabled channel through its own bounded queue with a time-out and retries; each channel
 * reports a status. Names of config.json fields follow camera.ui 1.1.17 (`notifications.telegram/alexa/webhook`,
 * per camera `telegramType`, `alexa`, `webhookUrl`, `mqttTopic`, `rekognition`) so an existing file keeps working.
 */
export const ALERT_CHANNELS = ['push', 'telegram', 'webhook', 'alexa', 'mqtt'] as const;
/**
 * A channel's id: one of the channels above, or one the server added since (a channel is one folder there,
 * `server/src/alerts/<id>/`, and its status and settings route follow by themselves).
 */
export type AlertChannelId = (typeof ALERT_CHANNELS)[number] | (string & {});
export const alertChannelIdSchema = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/);

/** camera.ui's per-camera Telegram type (spec §5: read-only in the UI, changed in config.json). */
export const TELEGRAM_TYPES = ['Text', 'Snapshot', 'Text + Snapshot', 'Video', 'Text + Video', 'Disabled'] as const;
export type TelegramType = (typeof TELEGRAM_TYPES)[number];

/** System notification levels a user may send to the alert channels too (`notifications.alertLevels`). */
export const ALERT_LEVELS = ['WARN', 'ERROR'] as const;
export const alertLevelsSchema = z.array(z.enum(ALERT_LEVELS)).max(ALERT_LEVELS.length);

/** The text of an alert: `@` is replaced by the camera name. */
export const ALERT_MESSAGE_MAX = 1000;

/** A channel's state for Settings → Notifications and the Plugins page. */
export const alertChannelStatusSchema = z.object({
  channel: alertChannelIdSchema,
  /** Gets alerts: switched on and with what it needs (token, URL, broker …). The one answer every page shows. */
  enabled: z.boolean(),
  /** Why it is off (a code the web translates); null when enabled. */
  off: z.enum(ALERT_CHANNEL_OFF_REASONS).nullable(),
  /** Alerts waiting in the channel's queue (bounded). */
  queued: z.number().int(),
  /** Alerts dropped since start: the queue was full, or retries ran out. */
  dropped: z.number().int(),
  sent: z.number().int(),
  lastSuccessAt: z.string().nullable(),
  /** Its kind as a code; the message never holds a secret (token, key, URL credentials). */
  lastError: problemSchema.nullable(),
});
export type AlertChannelStatus = z.infer<typeof alertChannelStatusSchema>;

/** The per-camera alert fields of config.json (merged into cameraSchema). */
export const cameraRekognitionSchema = z.looseObject({
  active: z.boolean().default(false),
  /** Minimum confidence in percent. */
  confidence: z.number().min(0).max(100).default(90),
  /** When not empty, an event whose labels match none of these is dropped (as camera.ui did), counted and logged. */
  labels: z.array(z.string().trim().min(1).max(64)).max(100).default([]),
});

export const cameraAlertFields = {
  telegramType: z.enum(TELEGRAM_TYPES).default('Snapshot'),
  alexa: z.boolean().default(false),
  /** Admin-only to set (the server calls out to it). Empty = no webhook for this camera. */
  webhookUrl: z.string().trim().max(2048).default(''),
  /** MQTT topic the motion/doorbell state of this camera is published to. */
  mqttTopic: z.string().trim().max(256).default('camera.ui/motion'),
  /** Which channels fire for this camera (absent = all enabled channels). */
  alertChannels: z.array(z.enum(ALERT_CHANNELS)).optional(),
  rekognition: cameraRekognitionSchema.default({ active: false, confidence: 90, labels: [] }),
};

export const ALERT_URL_MAX = 2048;

/**
 * An outgoing alert URL as typed by an admin: http or https, at most ALERT_URL_MAX characters, a host, no
 * user:password (put a token in the query instead; logs only ever show the origin). LAN addresses are allowed,
 * since only an admin sets these. Null when the text is not such a URL.
 */
export function parseAlertUrl(value: string): URL | null {
  const text = value.trim();
  if (text.length === 0 || text.length > ALERT_URL_MAX) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password) return null;
  return url;
}

/** A camera's `webhookUrl` as the camera route accepts it (and Alexa's URL): empty (no webhook) or a parseAlertUrl URL. */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(ALERT_URL_MAX)
  .refine((value) => value === '' || parseAlertUrl(value) !== null, { message: 'must be an http(s) URL without user:password' });

/** A host name or IP literal (no scheme, no port), lower-cased: an entry of `insecureHosts`. */
export const alertHostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(253)
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[?[0-9a-f:.]+\]?)$/, {
    message: 'must be a host name or IP address without scheme or port',
  });

export const alertStatusListSchema = z.object({ result: z.array(alertChannelStatusSchema) });
export type AlertStatusList = z.infer<typeof alertStatusListSchema>;

export const alertChannelParamsSchema = z.object({ channel: z.string().min(1).max(32) });

/** The answer of "send a test": what the channel reports (e.g. "sent to 2 devices"). */
export const alertTestResultSchema = z.object({ ok: z.literal(true), detail: z.string() });
export type AlertTestResult = z.infer<typeof alertTestResultSchema>;

/** "Send a test" of these channels is for admins only (their settings are admin-only: the server calls out). */
export const ADMIN_ONLY_ALERT_CHANNELS: readonly AlertChannelId[] = ['webhook'];
