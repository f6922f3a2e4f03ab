import {
  integrationListSchema,
  integrationSchema,
  rekognitionSettingsSchema,
  type Integration,
  type IntegrationAction,
  type RekognitionSettings,
  type RekognitionSettingsPatch,
} from '@homecam/shared';
import type { HttpClient } from './http-client';

/** GET /api/plugins (admin): every integration with its state. */
export async function listIntegrations(http: HttpClient): Promise<Integration[]> {
  return (await http.request('/plugins', { schema: integrationListSchema })).result;
}

/** POST /api/plugins/:id/<action> (admin): answers the integration's new status. */
export function runIntegrationAction(http: HttpClient, id: string, action: IntegrationAction): Promise<Integration> {
  return http.request(`/plugins/${encodeURIComponent(id)}/${action}`, { method: 'POST', schema: integrationSchema });
}

/** GET /api/settings/rekognition (admin): the secret only as set/unset. */
export function getRekognitionSettings(http: HttpClient): Promise<RekognitionSettings> {
  return http.request('/settings/rekognition', { schema: rekognitionSettingsSchema });
}

/** PATCH /api/settings/rekognition (admin): absent keeps, null clears. */
export function updateRekognitionSettings(http: HttpClient, patch: RekognitionSettingsPatch): Promise<RekognitionSettings> {
  return http.request('/settings/rekognition', { method: 'PATCH', json: patch, schema: rekognitionSettingsSchema });
}
