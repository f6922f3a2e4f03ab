import { pushStatusSchema, type PushStatus, type PushSubscriptionBody } from '@homecam/shared';
import { apiRequest } from './http-client';

/** Web push (spec §7): the server's VAPID key and whether it holds a subscription for this session. */
export function getPushStatus(): Promise<PushStatus> {
  return apiRequest('/subscribe', { schema: pushStatusSchema });
}

/** Registers this browser's subscription (the server answers 201 or 204). */
export function savePushSubscription(subscription: PushSubscriptionBody): Promise<void> {
  return apiRequest('/subscribe', { method: 'POST', json: subscription });
}

export function deletePushSubscription(): Promise<void> {
  return apiRequest('/subscribe', { method: 'DELETE' });
}
