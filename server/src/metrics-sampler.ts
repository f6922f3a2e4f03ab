import type { AppContext } from './context.js';
import { systemClock, type Clock } from './lib/clock.js';
import type { StreamReadings } from './media/index.js';
import { createSystemProbe, MetricsSampler } from './metrics/index.js';

export interface MetricsOptions {
  intervalMs?: number;
  /** Default the system clock, not ctx.clock: a test that moves a FakeClock by days (sessions) must not take 17 280 samples a day. */
  clock?: Clock;
}

/** The Utilization sampler over this process tree, the data and recordings directories and the stream hub. */
export function createMetricsSampler(
  ctx: Pick<AppContext, 'dataDir' | 'recordingsDir' | 'repositories'>,
  streams: () => StreamReadings | null,
  options: MetricsOptions | undefined,
  onError: (error: unknown) => void,
): MetricsSampler {
  return new MetricsSampler({
    clock: options?.clock ?? systemClock,
    intervalMs: options?.intervalMs,
    probe: createSystemProbe(),
    streams,
    dirs: () => ({ data: ctx.dataDir, recordings: ctx.recordingsDir.dir }),
    // A SUM over the recordings table: the sampler asks once a minute, not every sample.
    recordingsBytes: async () => (await ctx.repositories.recordings.usage()).bytes,
    onError,
  });
}
