import { continuousSettingsResponseSchema, type ContinuousSettingsPatch, type ContinuousSettingsResponse } from '@homecam/shared';
import type { HttpClient } from './http-client';

/** GET /api/settings/recordings/continuous: tiers, caps, segment length, and per camera what is held. */
export function getContinuousSettings(http: HttpClient, signal?: AbortSignal): Promise<ContinuousSettingsResponse> {
  return http.request('/settings/recordings/continuous', { schema: continuousSettingsResponseSchema, signal });
}

/** PATCH /api/settings/recordings/continuous (settings:recordings:edit): null clears a cap; the answer is the new state. */
export function updateContinuousSettings(http: HttpClient, patch: ContinuousSettingsPatch): Promise<ContinuousSettingsResponse> {
  return http.request('/settings/recordings/continuous', { method: 'PATCH', json: patch, schema: continuousSettingsResponseSchema });
}
