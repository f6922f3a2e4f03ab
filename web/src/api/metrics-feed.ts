import type { MetricsUpdate } from '@homecam/shared';

/** The socket's `metrics` events (admins only), for whoever shows them now: the Utilization page, its widget. */
export interface MetricsFeed {
  push: (update: MetricsUpdate) => void;
  subscribe: (listener: (update: MetricsUpdate) => void) => () => void;
}

export function createMetricsFeed(): MetricsFeed {
  const listeners = new Set<(update: MetricsUpdate) => void>();
  return {
    push: (update) => listeners.forEach((listener) => listener(update)),
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
