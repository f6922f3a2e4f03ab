/** The external-store shape React reads with useSyncExternalStore. */
export interface ReadableStore<T> {
  getSnapshot: () => T;
  subscribe: (listener: () => void) => () => void;
}

export interface Store<T> extends ReadableStore<T> {
  /** Replaces the value; listeners hear of it unless it is the same value (Object.is). */
  set: (next: T) => void;
}

/** One value and its listeners: the part every store of the app shares. */
export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      listeners.forEach((listener) => listener());
    },
  };
}
