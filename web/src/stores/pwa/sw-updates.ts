import { createStore } from '../../lib/create-store';

/**
 * Spec §4: when a new service worker has installed while this page is controlled by the old one, the page
 * offers a refresh; accepting tells the waiting worker to skip waiting and reloads once the new one controls
 * the page. The first install (no controller yet) is not an update and offers nothing.
 */
export type SwUpdateState = { status: 'current' } | { status: 'updateReady' } | { status: 'reloading' };

/** The parts of the worker objects used, so the unit test can hand in fakes. */
export interface WorkerLike {
  state: string;
  postMessage(message: unknown): void;
  addEventListener(type: 'statechange', listener: () => void): void;
}
export interface RegistrationLike {
  installing: WorkerLike | null;
  waiting: WorkerLike | null;
  addEventListener(type: 'updatefound', listener: () => void): void;
}
export interface ContainerLike {
  controller: unknown;
  addEventListener(type: 'controllerchange', listener: () => void): void;
}

export interface SwUpdates {
  getState: () => SwUpdateState;
  subscribe: (listener: () => void) => () => void;
  /** Starts watching a registration (called once, after register()). */
  watch: (registration: RegistrationLike) => void;
  /** The banner's Refresh button. */
  applyUpdate: () => void;
}

export function createSwUpdates(container: ContainerLike, reload: () => void): SwUpdates {
  const store = createStore<SwUpdateState>({ status: 'current' });
  const set = store.set;
  const status = () => store.getSnapshot().status;
  let waiting: WorkerLike | null = null;
  let reloaded = false;
  const offer = (worker: WorkerLike) => {
    // Without a controller this is the first install: the page already runs the newest version.
    if (!container.controller || status() === 'reloading') return;
    waiting = worker;
    set({ status: 'updateReady' });
  };

  container.addEventListener('controllerchange', () => {
    // Only a refresh the user asked for reloads; the first install's clients.claim() also changes the controller.
    if (status() !== 'reloading' || reloaded) return;
    reloaded = true;
    reload();
  });

  return {
    getState: store.getSnapshot,
    subscribe: store.subscribe,
    watch(registration) {
      if (registration.waiting) offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        if (!installing) return;
        installing.addEventListener('statechange', () => {
          if (installing.state === 'installed') offer(installing);
        });
      });
    },
    applyUpdate() {
      if (status() !== 'updateReady' || !waiting) return;
      set({ status: 'reloading' });
      waiting.postMessage({ type: 'SKIP_WAITING' });
    },
  };
}
