import {
  onvifDiscoverySchema,
  onvifInspectResultSchema,
  ptzPresetSchema,
  ptzStateSchema,
  type OnvifDiscovery,
  type OnvifInspectResult,
  type PtzPreset,
} from '@homecam/shared';
import type { PtzVelocity } from '../lib/ptz-keys';
import type { HttpClient } from './http-client';

/** Issue 22: "Find cameras" (WS-Discovery), reading a camera's ONVIF profiles, and the camera page's PTZ pad. */

export function startDiscovery(http: HttpClient): Promise<OnvifDiscovery> {
  return http.request('/onvif/discovery', { method: 'POST', schema: onvifDiscoverySchema });
}

export function getDiscovery(http: HttpClient, signal?: AbortSignal): Promise<OnvifDiscovery> {
  return http.request('/onvif/discovery', { schema: onvifDiscoverySchema, signal });
}

export function inspectOnvifCamera(http: HttpClient, body: { address: string; user: string; password: string }): Promise<OnvifInspectResult> {
  return http.request('/onvif/inspect', { method: 'POST', json: body, schema: onvifInspectResultSchema });
}

const ptzPath = (camera: string, rest = '') => `/cameras/${encodeURIComponent(camera)}/ptz${rest}`;

export async function ptzMove(http: HttpClient, camera: string, velocity: PtzVelocity): Promise<void> {
  await http.request(ptzPath(camera, '/move'), { method: 'POST', json: velocity });
}

export async function ptzStop(http: HttpClient, camera: string): Promise<void> {
  await http.request(ptzPath(camera, '/stop'), { method: 'POST' });
}

export async function ptzHome(http: HttpClient, camera: string): Promise<void> {
  await http.request(ptzPath(camera, '/home'), { method: 'POST' });
}

export async function listPresets(http: HttpClient, camera: string, signal?: AbortSignal): Promise<PtzPreset[]> {
  return (await http.request(ptzPath(camera), { schema: ptzStateSchema, signal })).presets;
}

export async function gotoPreset(http: HttpClient, camera: string, token: string): Promise<void> {
  await http.request(ptzPath(camera, `/presets/${encodeURIComponent(token)}/goto`), { method: 'POST' });
}

export function savePreset(http: HttpClient, camera: string, name: string): Promise<PtzPreset> {
  return http.request(ptzPath(camera, '/presets'), { method: 'POST', json: { name }, schema: ptzPresetSchema });
}

export async function removePreset(http: HttpClient, camera: string, token: string): Promise<void> {
  await http.request(ptzPath(camera, `/presets/${encodeURIComponent(token)}`), { method: 'DELETE' });
}
