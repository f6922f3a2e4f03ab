import {
  integrationListSchema,
  integrationSchema,
  rekognitionSettingsSchema,
  type Integration,
  type IntegrationAction,
  type RekognitionSettings,
  type RekognitionSettingsPatch,
} from '@homecam/shared';
import { apiRequest } from './http-client';

/** GET /api/plugins (admin): every integration with its state. */
export async function listIntegrations(): Promise<Integration[]> {
  return (await apiRequest('/plugins', { schema: integrationListSchema })).result;
}

/** POST /api/plugins/:id/<action> (admin): answers the integration's new status. */
export function runIntegrationAction(id: string, action: IntegrationAction): Promise<Integration> {
  return apiRequest(`/plugins/${encodeURIComponent(id)}/${action}`, { method: 'POST', schema: integrationSchema });
}

/** GET /api/settings/rekognition (admin): the secret only as set/unset. */
export function getRekognitionSettings(): Promise<RekognitionSettings> {
  return apiRequest('/settings/rekognition', { schema: rekognitionSettingsSchema });
}

/** PATCH /api/settings/rekognition (admin): absent keeps, null clears. */
export function updateRekognitionSettings(patch: RekognitionSettingsPatch): Promise<RekognitionSettings> {
  return apiRequest('/settings/rekognition', { method: 'PATCH', json: patch, schema: rekognitionSettingsSchema });
}
