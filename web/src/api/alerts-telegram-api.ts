import { telegramSettingsResponseSchema, type TelegramSettingsPatch, type TelegramSettingsResponse } from '@homecam/shared';
import { apiRequest } from './http-client';

/** GET /api/settings/notifications/telegram: the bot token only as set/unset. */
export function getTelegramSettings(): Promise<TelegramSettingsResponse> {
  return apiRequest('/settings/notifications/telegram', { schema: telegramSettingsResponseSchema });
}

/** PATCH /api/settings/notifications/telegram: absent keeps, a string sets, null clears. */
export function updateTelegramSettings(patch: TelegramSettingsPatch): Promise<TelegramSettingsResponse> {
  return apiRequest('/settings/notifications/telegram', { method: 'PATCH', json: patch, schema: telegramSettingsResponseSchema });
}
