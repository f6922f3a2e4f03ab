import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { METRICS_HISTORY_MS, METRICS_INTERVAL_MS, type CameraMetrics, type MetricsResponse, type MetricsSample, type MetricsUpdate } from '@homecam/shared';
import { getMetrics } from '../api/metrics-api';
import { queryKeys } from '../api/query-keys';
import { useStores } from '../stores/stores-context';
import { useHttp } from './use-http';

export interface MetricsView {
  samples: MetricsSample[];
  cameras: CameraMetrics[];
}

/** At most an hour of socket updates is kept (more would fall out of the window anyway). */
const MAX_LIVE = Math.ceil(METRICS_HISTORY_MS / METRICS_INTERVAL_MS);

/**
 * The history as of the GET plus the socket's samples since: in time order, no duplicates (a sample can come
 * both ways while the GET is in flight), nothing older than the hour before the newest.
 */
export function mergeMetrics(initial: MetricsResponse, live: readonly MetricsUpdate[], historyMs = METRICS_HISTORY_MS): MetricsView {
  const samples = [...initial.samples];
  let cameras = initial.cameras;
  for (const update of live) {
    const last = samples.at(-1);
    if (last && update.sample.t <= last.t) continue;
    samples.push(update.sample);
    cameras = update.cameras;
  }
  const from = (samples.at(-1)?.t ?? 0) - historyMs;
  const first = samples.findIndex((s) => s.t >= from);
  return { samples: first > 0 ? samples.slice(first) : samples, cameras };
}

/**
 * The utilization history: the last hour from GET /api/system/metrics once, then every sample the socket
 * brings (admins only).
 */
export function useMetrics() {
  const http = useHttp();
  const { metricsFeed } = useStores();
  const query = useQuery({ queryKey: queryKeys.metrics, queryFn: () => getMetrics(http), staleTime: 0, gcTime: 0, refetchOnMount: 'always' });
  const [live, setLive] = useState<MetricsUpdate[]>([]);
  useEffect(() => metricsFeed.subscribe((update) => setLive((list) => [...list.slice(-(MAX_LIVE - 1)), update])), [metricsFeed]);
  const view = useMemo(() => (query.data ? mergeMetrics(query.data, live) : null), [query.data, live]);
  return { query, view, intervalMs: query.data?.intervalMs ?? null, cores: query.data?.cores ?? null };
}
