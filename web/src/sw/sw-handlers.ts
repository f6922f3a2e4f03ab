import { pushPayloadSchema, type PushPayload } from '@homecam/shared';
import type { NotificationEventLike, PushEventLike, ServiceWorkerScopeLike, ShowNotificationOptions } from './sw-scope';

/** Where a notification without a usable link leads. */
const FALLBACK_URL = '/notifications';
const ICON = '/icons/icon-192.png';
const BADGE = '/favicon.svg';

/** The payload the server sent, or a plain text body when it is not ours (a browser must show something). */
export function parsePush(data: PushEventLike['data']): PushPayload {
  let json: unknown = undefined;
  try {
    json = data?.json();
  } catch {
    // not JSON: shown as text below
  }
  const parsed = pushPayloadSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  return { title: 'HomeCam', body: data?.text() ?? '', url: FALLBACK_URL, image: null, tag: 'homecam', timestamp: '' };
}

/** Only paths of this origin are opened: a payload must not send the user elsewhere. */
export function sameOriginUrl(url: unknown, origin: string): string {
  if (typeof url !== 'string') return new URL(FALLBACK_URL, origin).href;
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === origin ? resolved.href : new URL(FALLBACK_URL, origin).href;
  } catch {
    return new URL(FALLBACK_URL, origin).href;
  }
}

export function notificationOptions(payload: PushPayload, origin: string): ShowNotificationOptions {
  const timestamp = Date.parse(payload.timestamp);
  return {
    body: payload.body,
    icon: ICON,
    badge: BADGE,
    tag: payload.tag,
    // Same tag replaces the camera's previous notification; renotify still alerts for the new event.
    renotify: true,
    ...(payload.image ? { image: sameOriginUrl(payload.image, origin) } : {}),
    ...(Number.isFinite(timestamp) ? { timestamp } : {}),
    data: { url: sameOriginUrl(payload.url, origin) },
  };
}

/** Focuses a HomeCam window and shows the URL there; opens one when none is open (or it cannot navigate). */
async function openUrl(scope: ServiceWorkerScopeLike, url: string): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const target = windows.find((client) => client.focused) ?? windows[0];
  if (target) {
    try {
      const focused = await target.focus();
      if (focused.url !== url) await focused.navigate(url);
      return;
    } catch {
      // An uncontrolled window cannot be navigated by the worker: a new window is the way out.
    }
  }
  await scope.clients.openWindow(url);
}

/**
 * Install does not skip waiting: an open tab keeps its version until the user accepts the refresh banner,
 * which posts SKIP_WAITING. No fetch handler: HomeCam is a live app and never served from a cache.
 */
export function registerHandlers(scope: ServiceWorkerScopeLike): void {
  scope.addEventListener('install', () => undefined);
  scope.addEventListener('activate', (event) => event.waitUntil(scope.clients.claim()));
  scope.addEventListener('message', (event) => {
    const data = event.data as { type?: unknown } | null;
    if (data && data.type === 'SKIP_WAITING') void scope.skipWaiting();
  });
  scope.addEventListener('push', (event) => {
    const payload = parsePush(event.data);
    event.waitUntil(scope.registration.showNotification(payload.title, notificationOptions(payload, scope.location.origin)));
  });
  scope.addEventListener('notificationclick', (event: NotificationEventLike) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    event.waitUntil(openUrl(scope, sameOriginUrl(data?.url, scope.location.origin)));
  });
}
