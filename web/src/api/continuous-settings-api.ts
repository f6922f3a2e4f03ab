import { continuousSettingsResponseSchema, type ContinuousSettingsPatch, type ContinuousSettingsResponse } from '@homecam/shared';
import { apiRequest } from './http-client';

/** GET /api/settings/recordings/continuous: tiers, caps, segment length, and per camera what is held. */
export function getContinuousSettings(signal?: AbortSignal): Promise<ContinuousSettingsResponse> {
  return apiRequest('/settings/recordings/continuous', { schema: continuousSettingsResponseSchema, signal });
}

/** PATCH /api/settings/recordings/continuous (settings:recordings:edit): null clears a cap; the answer is the new state. */
export function updateContinuousSettings(patch: ContinuousSettingsPatch): Promise<ContinuousSettingsResponse> {
  return apiRequest('/settings/recordings/continuous', { method: 'PATCH', json: patch, schema: continuousSettingsResponseSchema });
}
