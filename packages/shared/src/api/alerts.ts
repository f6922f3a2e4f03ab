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
