import {
  alexaSettingsResponseSchema,
  webhookSettingsResponseSchema,
  type AlexaSettingsPatch,
  type AlexaSettingsResponse,
  type WebhookSettingsPatch,
  type WebhookSettingsResponse,
} from '@homecam/shared';
import { apiRequest } from './http-client';

/** Query keys of the webhook and Alexa channel cards (Settings → Notifications). */
export const alertChannelKeys = {
  webhook: ['settings', 'notifications', 'webhook'] as const,
  alexa: ['settings', 'notifications', 'alexa'] as const,
};

/** GET /api/settings/notifications/webhook: `secret` is only in an admin's answer. */
export function getWebhookSettings(): Promise<WebhookSettingsResponse> {
  return apiRequest('/settings/notifications/webhook', { schema: webhookSettingsResponseSchema });
}

export function updateWebhookSettings(patch: WebhookSettingsPatch): Promise<WebhookSettingsResponse> {
  return apiRequest('/settings/notifications/webhook', { method: 'PATCH', json: patch, schema: webhookSettingsResponseSchema });
}

/** POST …/webhook/rotate-secret (admin): receivers must be given the new secret. */
export function rotateWebhookSecret(): Promise<WebhookSettingsResponse> {
  return apiRequest('/settings/notifications/webhook/rotate-secret', { method: 'POST', schema: webhookSettingsResponseSchema });
}

/** GET /api/settings/notifications/alexa: the token is write-only (tokenSet). */
export function getAlexaSettings(): Promise<AlexaSettingsResponse> {
  return apiRequest('/settings/notifications/alexa', { schema: alexaSettingsResponseSchema });
}

export function updateAlexaSettings(patch: AlexaSettingsPatch): Promise<AlexaSettingsResponse> {
  return apiRequest('/settings/notifications/alexa', { method: 'PATCH', json: patch, schema: alexaSettingsResponseSchema });
}
