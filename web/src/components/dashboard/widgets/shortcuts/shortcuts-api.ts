import { atHomeSettingsSchema, restartResponseSchema, type AtHomePatch, type AtHomeSettings } from '@homecam/shared';
import { apiRequest } from '../../../../api/http-client';

/** GET /api/settings/at-home (settings:general:access or edit). */
export function getAtHome(signal?: AbortSignal): Promise<AtHomeSettings> {
  return apiRequest('/settings/at-home', { schema: atHomeSettingsSchema, signal });
}

/** PATCH /api/settings/at-home (settings:general:edit). */
export function patchAtHome(patch: AtHomePatch): Promise<AtHomeSettings> {
  return apiRequest('/settings/at-home', { method: 'PATCH', json: patch, schema: atHomeSettingsSchema });
}

/** POST /api/system/restart (admin): 202, then the server stops and is started again. */
export async function restartServer(): Promise<void> {
  await apiRequest('/system/restart', { method: 'POST', schema: restartResponseSchema });
}
