import { MASKED_SECRET } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';

/**
 * A camera's ONVIF password (issue 22) is a plain field, not inside a URL, so the URL masking of camera-secrets.ts
 * does not see it: everyone but admins reads it masked, and a masked value sent back keeps the stored password, but
 * only for the same address and user (else the editor must type it again, as for a source's password).
 */

type Onvif = { url?: unknown; username?: unknown; password?: unknown };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function maskOnvifPassword<T extends object>(camera: T): T {
  const onvif = (camera as { onvif?: unknown }).onvif;
  if (!isObject(onvif) || typeof onvif.password !== 'string' || onvif.password === '') return camera;
  return { ...camera, onvif: { ...onvif, password: MASKED_SECRET } };
}

/** The patch with a masked `onvif.password` replaced by the stored one; refused when the address or user changes with it. */
export function restoreOnvifPassword(patch: Record<string, unknown>, stored: Record<string, unknown>): Record<string, unknown> {
  const incoming = patch.onvif;
  if (!isObject(incoming) || incoming.password !== MASKED_SECRET) return patch;
  const kept: Onvif = isObject(stored.onvif) ? stored.onvif : {};
  const url = 'url' in incoming ? incoming.url : kept.url;
  const username = 'username' in incoming ? incoming.username : kept.username;
  if (typeof kept.password !== 'string' || url !== kept.url || username !== kept.username) {
    throw new AppError('SECRET_RETYPE_REQUIRED', 'the ONVIF password must be typed again: a masked password is only kept for the same address and user');
  }
  return { ...patch, onvif: { ...incoming, password: kept.password } };
}
