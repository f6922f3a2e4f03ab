import {
  alexaSettingsResponseSchema,
  webhookSettingsResponseSchema,
  type AlexaSettingsPatch,
  type AlexaSettingsResponse,
  type WebhookSettingsPatch,
  type WebhookSettingsResponse,
} from '@homecam/shared';
import type { HttpClient } from './http-client';

/** GET /api/settings/notifications/webhook: `secret` is only in an admin's answer. */
export function getWebhookSettings(http: HttpClient): Promise<WebhookSettingsResponse> {
  return http.request('/settings/notifications/webhook', { schema: webhookSettingsResponseSchema });
}

export function updateWebhookSettings(http: HttpClient, patch: WebhookSettingsPatch): Promise<WebhookSettingsResponse> {
  return http.request('/settings/notifications/webhook', { method: 'PATCH', json: patch, schema: webhookSettingsResponseSchema });
}

/** POST …/webhook/rotate-secret (admin): receivers must be given the new secret. */
export function rotateWebhookSecret(http: HttpClient): Promise<WebhookSettingsResponse> {
  return http.request('/settings/notifications/webhook/rotate-secret', { method: 'POST', schema: webhookSettingsResponseSchema });
}

/** GET /api/settings/notifications/alexa: the token is write-only (tokenSet). */
export function getAlexaSettings(http: HttpClient): Promise<AlexaSettingsResponse> {
  return http.request('/settings/notifications/alexa', { schema: alexaSettingsResponseSchema });
}

export function updateAlexaSettings(http: HttpClient, patch: AlexaSettingsPatch): Promise<AlexaSettingsResponse> {
  return http.request('/settings/notifications/alexa', { method: 'PATCH', json: patch, schema: alexaSettingsResponseSchema });
}
