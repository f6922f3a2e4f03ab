import type { CameraStatus } from '@homecam/shared';
import { createStore, type Store } from '../lib/create-store';

/**
 * The newest `cameraState` of every camera, as pushed by the socket (read with useSyncExternalStore).
 * Keyed by name in lower case, the server's own uniqueness rule. Each camera is its own store, so a status
 * dot re-renders when its camera changes, not when any camera does.
 */
export interface CameraStatusStore {
  get: (name: string) => CameraStatus | undefined;
  /** Hears of changes to this one camera's status only. */
  subscribe: (name: string, listener: () => void) => () => void;
  set: (status: CameraStatus) => void;
  reset: () => void;
}

const key = (name: string) => name.trim().toLowerCase();

export function createCameraStatusStore(): CameraStatusStore {
  const cameras = new Map<string, Store<CameraStatus | undefined>>();
  const camera = (name: string) => {
    let store = cameras.get(key(name));
    if (!store) {
      store = createStore<CameraStatus | undefined>(undefined);
      cameras.set(key(name), store);
    }
    return store;
  };

  return {
    get: (name) => cameras.get(key(name))?.getSnapshot(),
    subscribe: (name, listener) => camera(name).subscribe(listener),
    set(status) {
      const store = camera(status.name);
      const previous = store.getSnapshot();
      // An older event arriving late must not overwrite a newer state.
      if (previous && Date.parse(previous.since) > Date.parse(status.since)) return;
      store.set(status);
    },
    reset() {
      cameras.forEach((store) => store.set(undefined));
    },
  };
}
