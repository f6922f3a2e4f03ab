import { z } from 'zod';
import { ALERT_CHANNEL_OFF_REASONS, problemSchema } from './integration-codes.js';

/**
 * Issue 9: one alert pipeline. Every notification (camera events, and WARN/ERROR system notifications where the user
 * chose so) fans out to each enabled channel through its own bounded queue with a time-out and retries; each channel
 * reports a status. Names of config.json fields follow camera.ui 1.1.17 (`notifications.telegram/alexa/webhook`,
 * per camera `telegramType`, `alexa`, `webhookUrl`, `mqttTopic`, `rekognition`) so an existing file keeps working.
 */
export const ALERT_CHANNELS = ['push', 'telegram', 'webhook', 'alexa', 'mqtt'] as const;
export type AlertChannelId = (typeof ALERT_CHANNELS)[number];

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
  channel: z.enum(ALERT_CHANNELS),
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

/** `notifications.telegram` in config.json. */
export const telegramSettingsSchema = z.looseObject({
  active: z.boolean().default(false),
  token: z.string().max(256).optional(),
  /** One chat id or several, comma-separated (camera.ui: one). */
  chatID: z.string().max(512).optional(),
  message: z.string().max(ALERT_MESSAGE_MAX).optional(),
});

/** `notifications.webhook` in config.json (the URL is per camera). */
export const webhookSettingsSchema = z.looseObject({
  active: z.boolean().default(false),
  /** Hosts (names or IPs, no port) whose TLS certificate is not checked: self-signed home servers, admin-only. */
  insecureHosts: z.array(z.string()).max(50).default([]),
});

/** `notifications.alexa` in config.json (camera.ui's shape; HomeCam announces through a documented, testable path). */
export const alexaSettingsSchema = z.looseObject({
  active: z.boolean().default(false),
  message: z.string().max(ALERT_MESSAGE_MAX).optional(),
  startTime: z.string().regex(/^\d{2}:\d{2}$/).default('00:00'),
  endTime: z.string().regex(/^\d{2}:\d{2}$/).default('23:59'),
  /** How the announcement is made: a Home Assistant service call or a generic "announce" webhook. */
  mode: z.enum(['home-assistant', 'webhook']).default('home-assistant'),
  /** Home Assistant's base URL, or the announce webhook's URL (admin-only). */
  url: z.string().max(2048).optional(),
  /** Home Assistant long-lived access token (write-only, admin-only). */
  token: z.string().max(1024).optional(),
  /** Home Assistant service, `notify/alexa_media_kitchen` or `tts/speak` style (domain/service). */
  service: z.string().max(128).optional(),
  /** Optional `target` of the service call (e.g. the media player entity). */
  target: z.string().max(256).optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// Telegram settings (issue 9, Settings → Notifications → Telegram). The bot token is write-only: it is part of
// every Bot API URL, so whoever reads it can speak as the bot; GET answers only whether it is set.
// ---------------------------------------------------------------------------------------------------------------

/** A bot token as BotFather issues it (`<bot id>:<secret>`); anything else would be pasted into a URL path. */
export const TELEGRAM_TOKEN_PATTERN = /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/;
/** A numeric chat id (negative for groups and channels) or a public channel's @username. */
export const TELEGRAM_CHAT_ID_PATTERN = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/;
export const TELEGRAM_MAX_CHATS = 10;
/** Telegram's limit for files a bot uploads (sendVideo); a larger clip is announced by its snapshot instead. */
export const TELEGRAM_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

/** The chat ids of `notifications.telegram.chatID` (comma-separated; blanks ignored). */
export function parseTelegramChatIds(value: string | undefined | null): string[] {
  return (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id.length > 0);
}

/** Whether a chatID field holds 1‥10 valid ids (an empty field is valid: no chat yet). */
export function validTelegramChatIds(value: string): boolean {
  const ids = parseTelegramChatIds(value);
  return ids.length <= TELEGRAM_MAX_CHATS && ids.every((id) => TELEGRAM_CHAT_ID_PATTERN.test(id));
}

export const telegramSettingsResponseSchema = z.object({
  active: z.boolean(),
  tokenSet: z.boolean(),
  /** Comma-separated chat ids, '' when none. */
  chatID: z.string(),
  /** The template (`@` = camera name); '' means the default text. */
  message: z.string(),
});
export type TelegramSettingsResponse = z.infer<typeof telegramSettingsResponseSchema>;

/** Absent keeps, a string sets, null (or '') clears. */
export const telegramSettingsPatchSchema = z.strictObject({
  active: z.boolean().optional(),
  token: z.string().trim().regex(TELEGRAM_TOKEN_PATTERN).nullable().optional(),
  chatID: z.string().max(512).refine(validTelegramChatIds).nullable().optional(),
  message: z.string().max(ALERT_MESSAGE_MAX).nullable().optional(),
});
export type TelegramSettingsPatch = z.infer<typeof telegramSettingsPatchSchema>;
// Webhook and Alexa channels (issue 9): the webhook's payload (versioned, documented in docs/webhook.md), the URL
// rule shared by the camera route and the channel, and the settings routes' bodies and answers.
// ---------------------------------------------------------------------------------------------------------------

export const WEBHOOK_PAYLOAD_VERSION = 1;
export const ALERT_URL_MAX = 2048;
/** Headers of every webhook POST: the signature is `sha256=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-HomeCam-Signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'X-HomeCam-Timestamp';

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

/** A camera's `webhookUrl` as the camera route accepts it: empty (no webhook) or a parseAlertUrl URL. */
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

/** The JSON body of every webhook POST (version 1). No secret is ever part of it. */
export const webhookPayloadSchema = z.object({
  version: z.literal(WEBHOOK_PAYLOAD_VERSION),
  /** The notification's id ('test-<time>' for a test). */
  id: z.string(),
  /** motion | doorbell | custom | WARN | ERROR, or 'test'. */
  type: z.string(),
  camera: z.string().nullable(),
  room: z.string().nullable(),
  title: z.string(),
  message: z.string(),
  /** Labels of the event (image analysis), possibly empty. */
  labels: z.array(z.string()),
  /** Trigger source: motion, http, mqtt, smtp, ftp, api; null for a test. */
  trigger: z.string().nullable(),
  /** ISO 8601 time of the event. */
  timestamp: z.string(),
  recordingId: z.string().nullable(),
  /** Path of the event's thumbnail on this server (`/files/recordings/…`, needs a session), when there is one. */
  snapshotUrl: z.string().optional(),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** GET /api/settings/notifications/webhook. `secret` only for admins (to configure the receiver). */
export const webhookSettingsResponseSchema = z.object({
  active: z.boolean(),
  secretSet: z.boolean(),
  secret: z.string().optional(),
  insecureHosts: z.array(z.string()),
});
export type WebhookSettingsResponse = z.infer<typeof webhookSettingsResponseSchema>;

/** PATCH body: `insecureHosts` is admin-only (ALERT_SETTING_ADMIN_ONLY). */
export const webhookSettingsPatchSchema = z.strictObject({
  active: z.boolean().optional(),
  insecureHosts: z.array(alertHostSchema).max(50).optional(),
});
export type WebhookSettingsPatch = z.infer<typeof webhookSettingsPatchSchema>;

/** Body of the webhook's test (admin): a URL to test instead of the cameras' URLs. */
export const webhookTestBodySchema = z.strictObject({ url: webhookUrlSchema.optional() });

export const ALEXA_MODES = ['home-assistant', 'webhook'] as const;
export type AlexaMode = (typeof ALEXA_MODES)[number];

/** A Home Assistant service, `domain/service` or `domain.service` (e.g. notify/alexa_media_kitchen, tts/speak). */
export const haServiceSchema = z
  .string()
  .trim()
  .regex(/^[a-z_][a-z0-9_]*[./][a-z0-9_]+$/, { message: 'must be a Home Assistant service like notify/alexa_media_kitchen' });

const clockTime = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { message: 'must be a time HH:MM' });

/** GET /api/settings/notifications/alexa: the token is write-only (tokenSet). */
export const alexaSettingsResponseSchema = z.object({
  active: z.boolean(),
  mode: z.enum(ALEXA_MODES),
  url: z.string(),
  tokenSet: z.boolean(),
  service: z.string(),
  target: z.string(),
  message: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});
export type AlexaSettingsResponse = z.infer<typeof alexaSettingsResponseSchema>;

/** PATCH body: absent keeps, null clears; `mode`, `url`, `token` are admin-only (ALERT_SETTING_ADMIN_ONLY). */
export const alexaSettingsPatchSchema = z.strictObject({
  active: z.boolean().optional(),
  mode: z.enum(ALEXA_MODES).optional(),
  url: webhookUrlSchema.nullable().optional(),
  token: z.string().trim().min(1).max(1024).nullable().optional(),
  service: z.union([haServiceSchema, z.literal('')]).optional(),
  target: z.string().trim().max(256).optional(),
  message: z.string().max(ALERT_MESSAGE_MAX).optional(),
  startTime: clockTime.optional(),
  endTime: clockTime.optional(),
});
export type AlexaSettingsPatch = z.infer<typeof alexaSettingsPatchSchema>;
export const alertStatusListSchema = z.object({ result: z.array(alertChannelStatusSchema) });
export type AlertStatusList = z.infer<typeof alertStatusListSchema>;

export const alertChannelParamsSchema = z.object({ channel: z.string().min(1).max(32) });

/** The answer of "send a test": what the channel reports (e.g. "sent to 2 devices"). */
export const alertTestResultSchema = z.object({ ok: z.literal(true), detail: z.string() });
export type AlertTestResult = z.infer<typeof alertTestResultSchema>;

/** "Send a test" of these channels is for admins only (their settings are admin-only: the server calls out). */
export const ADMIN_ONLY_ALERT_CHANNELS: readonly AlertChannelId[] = ['webhook'];
