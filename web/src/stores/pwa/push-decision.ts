import { trimCharEnd, type Language, type PushStatus } from '@homecam/shared';

/**
 * Spec §4/§6 push subscription rules as a pure function: what this browser and the server should do, given
 * the browser's state, the user, the device toggle and (when it was needed) the server's answer.
 * The permission prompt is never part of this: it only comes from the "this device" toggle (a user gesture),
 * so an automatic run acts only when notifications are already granted.
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
  return local.supported && local.signedIn && local.allowed && local.wanted && local.permission === 'granted';
}

const unpadded = (key: string) => trimCharEnd(key, '=');

export function decidePushActions(local: PushLocalState, server: PushStatus | null): PushAction[] {
  const subscribed = local.browserKey !== null;
  if (!local.supported) return [];
  // Signed out: the server forgot the subscription with the session; only the browser's is left.
  if (!local.signedIn) return subscribed ? ['unsubscribeBrowser'] : [];
  if (!local.allowed || !local.wanted) return subscribed ? ['unsubscribeBrowser', 'deleteOnServer'] : [];
  // Denied: the browser already dropped its subscriptions; default: wait for the toggle to ask.
  if (local.permission !== 'granted' || !server) return [];
  if (!subscribed) return ['subscribeBrowser', 'saveOnServer'];
  // A new server key (VAPID keys regenerated) makes the old subscription useless, as does a server without it.
  const sameKey = local.browserKey !== null && unpadded(local.browserKey) === unpadded(server.publicKey);
  if (!server.subscription || !sameKey) return ['unsubscribeBrowser', 'subscribeBrowser', 'saveOnServer'];
  // The UI language changed since the subscription was posted: post it again with the new one. A server that
  // does not say (undefined: older than languages in pushes) is left alone rather than posted to on every run.
  if (server.language !== undefined && server.language !== local.language) return ['saveOnServer'];
  return [];
}
