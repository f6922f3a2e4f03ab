import { telegramSettingsResponseSchema, type TelegramSettingsPatch, type TelegramSettingsResponse } from '@homecam/shared';
import type { HttpClient } from './http-client';

/** GET /api/settings/notifications/telegram: the bot token only as set/unset. */
export function getTelegramSettings(http: HttpClient): Promise<TelegramSettingsResponse> {
  return http.request('/settings/notifications/telegram', { schema: telegramSettingsResponseSchema });
}

/** PATCH /api/settings/notifications/telegram: absent keeps, a string sets, null clears. */
export function updateTelegramSettings(http: HttpClient, patch: TelegramSettingsPatch): Promise<TelegramSettingsResponse> {
  return http.request('/settings/notifications/telegram', { method: 'PATCH', json: patch, schema: telegramSettingsResponseSchema });
}
