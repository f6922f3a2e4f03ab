import { homekitStatusSchema, type HomekitPatch, type HomekitStatus } from '@homecam/shared';
import type { HttpClient } from './http-client';

/** GET /api/homekit (admin): the bridge's state, setup code and QR payload, pairings. */
export function getHomekitStatus(http: HttpClient): Promise<HomekitStatus> {
  return http.request('/homekit', { schema: homekitStatusSchema });
}

/** PATCH /api/homekit (admin): config.json `homekit`, absent keeps; the bridge follows by itself. */
export function updateHomekit(http: HttpClient, patch: HomekitPatch): Promise<HomekitStatus> {
  return http.request('/homekit', { method: 'PATCH', json: patch, schema: homekitStatusSchema });
}

/** POST /api/homekit/reset (admin): unpairs every controller, new setup code. */
export function resetHomekitPairing(http: HttpClient): Promise<HomekitStatus> {
  return http.request('/homekit/reset', { method: 'POST', schema: homekitStatusSchema });
}
