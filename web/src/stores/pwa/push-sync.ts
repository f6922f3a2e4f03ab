import { hasAnyPermission, pushSubscriptionSchema, trimCharEnd, type Language, type PushStatus, type PushSubscriptionBody, type SessionUser } from '@homecam/shared';
import { createStore } from '../../lib/create-store';
import { decidePushActions, needsServerStatus, type PushAction, type PushLocalState } from './push-decision';

/** The device toggle's "off" is remembered per browser (the subscription is per browser too). */
export const PUSH_TOGGLE_KEY = 'push-notifications';

export type PushDeviceStatus = 'unsupported' | 'denied' | 'off' | 'on';
export interface PushSyncState {
  status: PushDeviceStatus;
  busy: boolean;
}

export interface PushSyncDeps {
  /** The registered worker; null when none will be (dev server, no support). */
  registration: () => Promise<ServiceWorkerRegistration> | null;
  getUser: () => SessionUser | null;
  /** The current UI language, sent with the subscription (the server writes its texts in pushes in it). */
  getLanguage: () => Language;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  api: { status(): Promise<PushStatus>; save(body: PushSubscriptionBody): Promise<void>; remove(): Promise<void> };
  warn: (message: string, error: unknown) => void;
}

export interface PushSync {
  getState: () => PushSyncState;
  subscribe: (listener: () => void) => () => void;
  /** Applies the rules of spec §4 (after start, sign-in, sign-out, permission or language changes). Never prompts. */
  sync: () => Promise<boolean>;
  /** The toggle switched on, from a click: asks for permission, then subscribes. */
  enable: () => Promise<boolean>;
  disable: () => Promise<boolean>;
}

const permission = (): NotificationPermission => (typeof Notification === 'undefined' ? 'denied' : Notification.permission);

export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

export function bytesToBase64Url(buffer: ArrayBuffer): string {
  return trimCharEnd(btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, '-').replace(/\//g, '_'), '=');
}

/** What this browser and user say about push right now, for decidePushActions. */
function localState(deps: PushSyncDeps, user: SessionUser | null, subscription: PushSubscription | null): PushLocalState {
  const key = subscription?.options.applicationServerKey;
  return {
    supported: true,
    permission: permission(),
    signedIn: user !== null,
    allowed: hasAnyPermission(user?.permissionLevel, ['recordings:access']),
    wanted: deps.storage.getItem(PUSH_TOGGLE_KEY) !== 'off',
    browserKey: subscription ? (key ? bytesToBase64Url(key) : '') : null,
    language: deps.getLanguage(),
  };
}

export function createPushSync(deps: PushSyncDeps): PushSync {
  const store = createStore<PushSyncState>({ status: 'off', busy: false });
  const set = (next: Partial<PushSyncState>) => store.set({ ...store.getSnapshot(), ...next });
  // One run at a time: a sign-in sync and a toggle click must not subscribe twice.
  let queue: Promise<unknown> = Promise.resolve();

  async function run(): Promise<boolean> {
    const ready = deps.registration();
    if (!ready || typeof PushManager === 'undefined' || typeof Notification === 'undefined') {
      set({ status: 'unsupported' });
      return true;
    }
    const registration = await ready;
    const user = deps.getUser();
    // While the credentials must change every other call is refused: try again after the change.
    if (user?.mustChangeCredentials) return true;
    let subscription = await registration.pushManager.getSubscription();
    const local = localState(deps, user, subscription);
    const server = needsServerStatus(local) ? await deps.api.status() : null;
    const actions: PushAction[] = decidePushActions(local, server);
    for (const action of actions) {
      if (action === 'unsubscribeBrowser') {
        await subscription?.unsubscribe();
        subscription = null;
      } else if (action === 'deleteOnServer') {
        await deps.api.remove();
      } else if (action === 'subscribeBrowser' && server) {
        subscription = await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: base64UrlToBytes(server.publicKey),
        });
      } else if (action === 'saveOnServer' && subscription) {
        await deps.api.save(pushSubscriptionSchema.parse({ ...subscription.toJSON(), language: local.language }));
      }
    }
    const granted = local.permission === 'granted';
    set({ status: local.permission === 'denied' ? 'denied' : subscription && granted && local.wanted ? 'on' : 'off' });
    return true;
  }

  function queued(task: () => Promise<boolean>): Promise<boolean> {
    const next = queue.then(async () => {
      set({ busy: true });
      try {
        return await task();
      } catch (error) {
        // Spec §8: a failed subscription is only logged.
        deps.warn('[push] subscription failed', error);
        return false;
      } finally {
        set({ busy: false });
      }
    });
    queue = next;
    return next;
  }

  return {
    getState: store.getSnapshot,
    subscribe: store.subscribe,
    sync: () => queued(run),
    enable() {
      // Asked at once, inside the click that called this: browsers only prompt from a user gesture.
      const asked = typeof Notification === 'undefined' ? Promise.resolve('denied') : Notification.requestPermission();
      deps.storage.removeItem(PUSH_TOGGLE_KEY);
      return queued(async () => {
        if ((await asked) !== 'granted') {
          set({ status: permission() === 'denied' ? 'denied' : 'off' });
          return false;
        }
        return run();
      });
    },
    disable() {
      deps.storage.setItem(PUSH_TOGGLE_KEY, 'off');
      return queued(run);
    },
  };
}
