import { pushStatusSchema, type PushStatus, type PushSubscriptionBody } from '@homecam/shared';
import type { HttpClient } from './http-client';

/** Web push (spec §7): the server's VAPID key and whether it holds a subscription for this session. */
export function getPushStatus(http: HttpClient): Promise<PushStatus> {
  return http.request('/subscribe', { schema: pushStatusSchema });
}

/** Registers this browser's subscription (the server answers 201 or 204). */
export function savePushSubscription(http: HttpClient, subscription: PushSubscriptionBody): Promise<void> {
  return http.request('/subscribe', { method: 'POST', json: subscription });
}

export function deletePushSubscription(http: HttpClient): Promise<void> {
  return http.request('/subscribe', { method: 'DELETE' });
}
