import { MASKED_SECRET, type Camera } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import { maskCameraSecrets } from './camera-secrets.js';

/**
 * A camera's `webhookUrl` (issue 9) makes the server call out and may carry a token anywhere in it (path, query):
 * everyone but admins sees it masked as a whole, and only admins set or change it.
 */
export function maskWebhookUrl(camera: Camera): Camera {
  return camera.webhookUrl ? { ...camera, webhookUrl: MASKED_SECRET } : camera;
}

/**
 * The webhook part of a camera patch or new camera: a masked value sent back keeps the stored URL (removed from the
 * patch); a change by a non-admin is refused; a new URL must be an absolute http(s) URL.
 */
export function checkWebhookUrl(body: Record<string, unknown>, stored: string, admin: boolean): Record<string, unknown> {
  if (!('webhookUrl' in body)) return body;
  const { webhookUrl, ...rest } = body;
  if (webhookUrl === MASKED_SECRET) return rest;
  const next = typeof webhookUrl === 'string' ? webhookUrl.trim() : webhookUrl;
  if (next === stored) return body;
  if (!admin) throw new AppError('ALERT_WEBHOOK_ADMIN_ONLY', 'only admins set a camera\'s webhook URL');
  if (typeof next === 'string' && next !== '' && !isHttpUrl(next)) {
    throw new AppError('VALIDATION_FAILED', 'webhookUrl must be an http:// or https:// URL', [{ path: 'webhookUrl', message: 'an http:// or https:// URL' }]);
  }
  return body;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A camera as everyone but admins sees it: the credentials inside its sources (and any other URL) masked, the
 * webhook URL masked as a whole. The camera API and a non-admin's backup archive both use exactly this.
 */
export function maskCameraForNonAdmin<T extends object>(camera: T): T {
  return maskWebhookUrl(maskCameraSecrets(camera) as unknown as Camera) as unknown as T;
}
