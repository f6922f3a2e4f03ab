import { z } from 'zod';
import { ALERT_MESSAGE_MAX } from './alerts.js';

/** `notifications.telegram` in config.json. */
export const telegramSettingsSchema = z.looseObject({
  active: z.boolean().default(false),
  token: z.string().max(256).optional(),
  /** One chat id or several, comma-separated (camera.ui: one). */
  chatID: z.string().max(512).optional(),
  message: z.string().max(ALERT_MESSAGE_MAX).optional(),
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
