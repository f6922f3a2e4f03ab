import {
  cameraListSchema,
  cameraSchema,
  cameraStatusSchema,
  type Camera,
  type CameraInput,
  type CameraStatus,
} from '@homecam/shared';
import { apiRequest } from './http-client';

const path = (name: string) => `/cameras/${encodeURIComponent(name)}`;

export async function listCameras(): Promise<Camera[]> {
  return (await apiRequest('/cameras', { schema: cameraListSchema })).result;
}

export function getCamera(name: string): Promise<Camera> {
  return apiRequest(path(name), { schema: cameraSchema });
}

export function createCamera(body: CameraInput): Promise<Camera> {
  return apiRequest('/cameras', { method: 'POST', json: body, schema: cameraSchema });
}

/** A JSON merge patch: objects merge, null removes a key, a masked secret keeps the stored one. */
export function updateCamera(name: string, patch: Record<string, unknown>): Promise<Camera> {
  return apiRequest(path(name), { method: 'PATCH', json: patch, schema: cameraSchema });
}

export function deleteCamera(name: string): Promise<void> {
  return apiRequest(path(name), { method: 'DELETE' });
}

/** Adds the camera whose picture the server generates ('Demo', 'Demo 2', …). */
export function createDemoCamera(): Promise<Camera> {
  return apiRequest('/cameras/demo', { method: 'POST', schema: cameraSchema });
}

export function getCameraStatus(name: string): Promise<CameraStatus> {
  return apiRequest(`${path(name)}/status`, { schema: cameraStatusSchema });
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
