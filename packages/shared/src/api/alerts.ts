import { z } from 'zod';

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
  enabled: z.boolean(),
  /** Alerts waiting in the channel's queue (bounded). */
  queued: z.number().int(),
  /** Alerts dropped since start: the queue was full, or retries ran out. */
  dropped: z.number().int(),
  sent: z.number().int(),
  lastSuccessAt: z.string().nullable(),
  /** Never holds a secret (token, key, URL credentials). */
  lastError: z.object({ message: z.string(), at: z.string() }).nullable(),
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
});

/** `notifications.alexa` in config.json (camera.ui's shape; HomeCam announces through a documented, testable path). */
export const alexaSettingsSchema = z.looseObject({
  active: z.boolean().default(false),
  message: z.string().max(ALERT_MESSAGE_MAX).optional(),
  startTime: z.string().regex(/^\d{2}:\d{2}$/).default('00:00'),
  endTime: z.string().regex(/^\d{2}:\d{2}$/).default('23:59'),
});

export const alertStatusListSchema = z.object({ result: z.array(alertChannelStatusSchema) });
export type AlertStatusList = z.infer<typeof alertStatusListSchema>;

export const alertChannelParamsSchema = z.object({ channel: z.string().min(1).max(32) });

/** The answer of "send a test": what the channel reports (e.g. "sent to 2 devices"). */
export const alertTestResultSchema = z.object({ ok: z.literal(true), detail: z.string() });
export type AlertTestResult = z.infer<typeof alertTestResultSchema>;

/** "Send a test" of these channels is for admins only (their settings are admin-only: the server calls out). */
export const ADMIN_ONLY_ALERT_CHANNELS: readonly AlertChannelId[] = ['webhook'];
