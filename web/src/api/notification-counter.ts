import { createStore } from '../lib/create-store';

/**
 * The notification counter of spec §4 as an external store (read with useSyncExternalStore).
 * The realtime client feeds it from the socket events.
 */
export interface NotificationCounter {
  getSnapshot: () => number;
  subscribe: (listener: () => void) => () => void;
  /** `notification` and `increaseNotification`: one more. */
  increase: () => void;
  /** `removeNotification`: one fewer, or none left when the id is null (all removed). */
  remove: (id: string | null) => void;
  /** `notificationSize`: the server's count. */
  set: (size: number) => void;
  reset: () => void;
}

export function createNotificationCounter(): NotificationCounter {
  const store = createStore(0);
  const count = () => store.getSnapshot();

  function update(next: number) {
    // A count is never negative or fractional, whatever a stray event says.
    store.set(Number.isFinite(next) ? Math.max(0, Math.floor(next)) : 0);
  }

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    increase: () => update(count() + 1),
    remove: (id) => update(id === null ? 0 : count() - 1),
    set: (size) => update(size),
    reset: () => update(0),
  };
}
