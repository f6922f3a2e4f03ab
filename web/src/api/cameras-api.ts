import {
  cameraListSchema,
  cameraSchema,
  cameraStatusSchema,
  onvifEventStatusSchema,
  type Camera,
  type CameraInput,
  type CameraStatus,
  type OnvifEventStatus,
} from '@homecam/shared';
import type { HttpClient } from './http-client';

const path = (name: string) => `/cameras/${encodeURIComponent(name)}`;

export async function listCameras(http: HttpClient): Promise<Camera[]> {
  return (await http.request('/cameras', { schema: cameraListSchema })).result;
}

export function getCamera(http: HttpClient, name: string): Promise<Camera> {
  return http.request(path(name), { schema: cameraSchema });
}

export function createCamera(http: HttpClient, body: CameraInput): Promise<Camera> {
  return http.request('/cameras', { method: 'POST', json: body, schema: cameraSchema });
}

/** A JSON merge patch: objects merge, null removes a key, a masked secret keeps the stored one. */
export function updateCamera(http: HttpClient, name: string, patch: Record<string, unknown>): Promise<Camera> {
  return http.request(path(name), { method: 'PATCH', json: patch, schema: cameraSchema });
}

export function deleteCamera(http: HttpClient, name: string): Promise<void> {
  return http.request(path(name), { method: 'DELETE' });
}

/** Adds the camera whose picture the server generates ('Demo', 'Demo 2', …). */
export function createDemoCamera(http: HttpClient): Promise<Camera> {
  return http.request('/cameras/demo', { method: 'POST', schema: cameraSchema });
}

/** Issue 22: the camera's ONVIF event subscription (connected, or retrying with a coded problem). */
export function getOnvifEventStatus(http: HttpClient, name: string, signal?: AbortSignal): Promise<OnvifEventStatus> {
  return http.request(`${path(name)}/onvif-events`, { schema: onvifEventStatusSchema, signal });
}

export function getCameraStatus(http: HttpClient, name: string): Promise<CameraStatus> {
  return http.request(`${path(name)}/status`, { schema: cameraStatusSchema });
}

/**
 * The snapshot for an <img>: the browser sends the session cookie, so no token goes into the URL.
 * `t` defeats caches between refreshes; `width` asks the server to scale.
 */
export function snapshotUrl(name: string, timestamp: number, width?: number): string {
  const query = new URLSearchParams({ t: String(timestamp) });
  if (width) query.set('width', String(width));
  return `/api${path(name)}/snapshot?${query.toString()}`;
}
