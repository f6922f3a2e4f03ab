import { trimCharEnd, type Language, type PushStatus } from '@homecam/shared';

/**
 * Spec §4/§6 push subscription rules as a pure function: what this browser and the server should do, given
 * the browser's state, the user, the device toggle and (when it was needed) the server's answer.
 * As the spec says, a run subscribes whenever notifications are not denied: with the permission not yet given,
 * subscribing is what makes the browser ask. The "this device" toggle stays, to switch push off here.
 */
export interface PushLocalState {
  /** Service worker registered, PushManager and Notification present. */
  supported: boolean;
  permission: NotificationPermission;
  signedIn: boolean;
  /** Signed in with recordings:access or admin (spec §6). */
  allowed: boolean;
  /** The "notifications on this device" toggle is not switched off. */
  wanted: boolean;
  /** The browser's current subscription's application server key (base64url), or null when not subscribed. */
  browserKey: string | null;
  /** The UI language: the server writes its own texts in pushes in the language stored with the subscription. */
  language: Language;
}

export type PushAction = 'unsubscribeBrowser' | 'deleteOnServer' | 'subscribeBrowser' | 'saveOnServer';

/** Whether GET /api/subscribe must be asked before deciding (only when a subscription should exist). */
export function needsServerStatus(local: PushLocalState): boolean {
  return local.supported && local.signedIn && local.allowed && local.wanted && local.permission !== 'denied';
}

const unpadded = (key: string) => trimCharEnd(key, '=');

export function decidePushActions(local: PushLocalState, server: PushStatus | null): PushAction[] {
  const subscribed = local.browserKey !== null;
  if (!local.supported) return [];
  // Signed out: the server forgot the subscription with the session; only the browser's is left.
  if (!local.signedIn) return subscribed ? ['unsubscribeBrowser'] : [];
  if (!local.allowed || !local.wanted) return subscribed ? ['unsubscribeBrowser', 'deleteOnServer'] : [];
  // Denied: the browser already dropped its subscriptions, and asking again is not allowed.
  if (local.permission === 'denied' || !server) return [];
  if (!subscribed) return ['subscribeBrowser', 'saveOnServer'];
  // A new server key (VAPID keys regenerated) makes the old subscription useless, as does a server without it.
  const sameKey = local.browserKey !== null && unpadded(local.browserKey) === unpadded(server.publicKey);
  if (!server.subscription || !sameKey) return ['unsubscribeBrowser', 'subscribeBrowser', 'saveOnServer'];
  // The UI language changed since the subscription was posted: post it again with the new one. A server that
  // does not say (undefined: older than languages in pushes) is left alone rather than posted to on every run.
  if (server.language !== undefined && server.language !== local.language) return ['saveOnServer'];
  return [];
}
