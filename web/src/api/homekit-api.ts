import { homekitStatusSchema, type HomekitPatch, type HomekitStatus } from '@homecam/shared';
import { apiRequest } from './http-client';

/** GET /api/homekit (admin): the bridge's state, setup code and QR payload, pairings. */
export function getHomekitStatus(): Promise<HomekitStatus> {
  return apiRequest('/homekit', { schema: homekitStatusSchema });
}

/** PATCH /api/homekit (admin): config.json `homekit`, absent keeps; the bridge follows by itself. */
export function updateHomekit(patch: HomekitPatch): Promise<HomekitStatus> {
  return apiRequest('/homekit', { method: 'PATCH', json: patch, schema: homekitStatusSchema });
}

/** POST /api/homekit/reset (admin): unpairs every controller, new setup code. */
export function resetHomekitPairing(): Promise<HomekitStatus> {
  return apiRequest('/homekit/reset', { method: 'POST', schema: homekitStatusSchema });
}
