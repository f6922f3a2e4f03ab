import {
  atHomeSettingsSchema,
  healthResponseSchema,
  restartResponseSchema,
  systemDiskSchema,
  systemInfoSchema,
  systemStatusSchema,
  type AtHomePatch,
  type AtHomeSettings,
  type SystemDisk,
  type SystemInfo,
  type SystemStatus,
} from '@homecam/shared';
import { apiRequest } from './http-client';

/** GET /api/system/info (admin): Settings → System. */
export function getSystemInfo(): Promise<SystemInfo> {
  return apiRequest('/system/info', { schema: systemInfoSchema });
}

/** GET /api/system/status (dashboard:access): the Status widget. */
export function getSystemStatus(): Promise<SystemStatus> {
  return apiRequest('/system/status', { schema: systemStatusSchema });
}

/** GET /api/system/disk (dashboard:access): the Disk widget. */
export function getSystemDisk(): Promise<SystemDisk> {
  return apiRequest('/system/disk', { schema: systemDiskSchema });
}

/** POST /api/system/restart (admin): 202, then the server stops and its supervisor starts it again. */
export function restartServer(): Promise<unknown> {
  return apiRequest('/system/restart', { method: 'POST', schema: restartResponseSchema });
}

/** GET /api/health (public): true when the server answers. Never throws. */
export async function serverAnswers(): Promise<boolean> {
  try {
    await apiRequest('/health', { schema: healthResponseSchema, token: null, handlesUnauthorized: true });
    return true;
  } catch {
    return false;
  }
}

/** PATCH /api/config with `{ logLevel }` (admin): applied at once unless HOMECAM_LOG_LEVEL pins the level. */
export function setLogLevel(logLevel: SystemInfo['logLevel']['configured']): Promise<void> {
  return apiRequest('/config', { method: 'PATCH', json: { logLevel } });
}

/** GET /api/settings/at-home (settings:general:access or edit). */
export function getAtHome(): Promise<AtHomeSettings> {
  return apiRequest('/settings/at-home', { schema: atHomeSettingsSchema });
}

/** PATCH /api/settings/at-home (settings:general:edit). */
export function updateAtHome(patch: AtHomePatch): Promise<AtHomeSettings> {
  return apiRequest('/settings/at-home', { method: 'PATCH', json: patch, schema: atHomeSettingsSchema });
}
