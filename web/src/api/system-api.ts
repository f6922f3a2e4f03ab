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
import type { HttpClient } from './http-client';

/** GET /api/system/info (admin): Settings → System. */
export function getSystemInfo(http: HttpClient): Promise<SystemInfo> {
  return http.request('/system/info', { schema: systemInfoSchema });
}

/** GET /api/system/status (dashboard:access): the Status widget. */
export function getSystemStatus(http: HttpClient): Promise<SystemStatus> {
  return http.request('/system/status', { schema: systemStatusSchema });
}

/** GET /api/system/disk (dashboard:access): the Disk widget. */
export function getSystemDisk(http: HttpClient): Promise<SystemDisk> {
  return http.request('/system/disk', { schema: systemDiskSchema });
}

/** POST /api/system/restart (admin): 202, then the server stops and its supervisor starts it again. */
export function restartServer(http: HttpClient): Promise<unknown> {
  return http.request('/system/restart', { method: 'POST', schema: restartResponseSchema });
}

/** GET /api/health (public): true when the server answers. Never throws. */
export async function serverAnswers(http: HttpClient): Promise<boolean> {
  try {
    await http.request('/health', { schema: healthResponseSchema, token: null, handlesUnauthorized: true });
    return true;
  } catch {
    return false;
  }
}

/** PATCH /api/config with `{ logLevel }` (admin): applied at once unless HOMECAM_LOG_LEVEL pins the level. */
export function setLogLevel(http: HttpClient, logLevel: SystemInfo['logLevel']['configured']): Promise<void> {
  return http.request('/config', { method: 'PATCH', json: { logLevel } });
}

/** GET /api/settings/at-home (settings:general:access or edit). */
export function getAtHome(http: HttpClient): Promise<AtHomeSettings> {
  return http.request('/settings/at-home', { schema: atHomeSettingsSchema });
}

/** PATCH /api/settings/at-home (settings:general:edit). */
export function updateAtHome(http: HttpClient, patch: AtHomePatch): Promise<AtHomeSettings> {
  return http.request('/settings/at-home', { method: 'PATCH', json: patch, schema: atHomeSettingsSchema });
}
