import type { LogEntry } from '@homecam/shared';

/** The server log's live batches (`logMessage`, admins only), for whichever console views are open. */
export interface LogFeed {
  push: (entries: LogEntry[]) => void;
  subscribe: (listener: (entries: LogEntry[]) => void) => () => void;
}

export function createLogFeed(): LogFeed {
  const listeners = new Set<(entries: LogEntry[]) => void>();
  return {
    push(entries) {
      listeners.forEach((listener) => listener(entries));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
