import type { CameraStatus } from '@homecam/shared';

/**
 * The newest `cameraState` of every camera, as pushed by the socket (read with useSyncExternalStore).
 * Keyed by name in lower case, the server's own uniqueness rule.
 */
export interface CameraStatusStore {
  get: (name: string) => CameraStatus | undefined;
  /** Changes whenever any status changes, for useSyncExternalStore. */
  getVersion: () => number;
  subscribe: (listener: () => void) => () => void;
  set: (status: CameraStatus) => void;
  reset: () => void;
}

const key = (name: string) => name.trim().toLowerCase();

export function createCameraStatusStore(): CameraStatusStore {
  const statuses = new Map<string, CameraStatus>();
  const listeners = new Set<() => void>();
  let version = 0;
  const changed = () => {
    version += 1;
    listeners.forEach((listener) => listener());
  };

  return {
    get: (name) => statuses.get(key(name)),
    getVersion: () => version,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(status) {
      const previous = statuses.get(key(status.name));
      // An older event arriving late must not overwrite a newer state.
      if (previous && Date.parse(previous.since) > Date.parse(status.since)) return;
      statuses.set(key(status.name), status);
      changed();
    },
    reset() {
      if (statuses.size === 0) return;
      statuses.clear();
      changed();
    },
  };
}
