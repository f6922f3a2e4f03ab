import type { AppContext } from '../context/context.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { HomecamModule } from '../runtime/module.js';
import { metricsRoutes } from './routes.js';
import { createSystemProbe, MetricsSampler } from './index.js';

export interface MetricsOptions {
  intervalMs?: number;
  /** Default the system clock, not ctx.clock: a test that moves a FakeClock by days (sessions) must not take 17 280 samples a day. */
  clock?: Clock;
}

export type MetricsModule = HomecamModule & { readonly sampler: MetricsSampler };

/**
 * The Utilization page: samples this process tree, the data and recordings directories and the stream hub all the
 * time (GET /api/system/metrics has the last hour); new samples go to the admins' sockets as `metrics`.
 */
export function metricsModule(ctx: Pick<AppContext, 'dataDir' | 'recordingsDir' | 'repositories' | 'streams' | 'log'>, options: MetricsOptions = {}): MetricsModule {
  const sampler = new MetricsSampler({
    clock: options.clock ?? systemClock,
    intervalMs: options.intervalMs,
    probe: createSystemProbe(),
    streams: ctx.streams,
    dirs: () => ({ data: ctx.dataDir, recordings: ctx.recordingsDir.dir }),
    // A SUM over the recordings table: the sampler asks once a minute, not every sample.
    recordingsBytes: async () => (await ctx.repositories.recordings.usage()).bytes,
    onError: (error) => ctx.log.error({ err: error }, 'utilization sample failed'),
  });
  return {
    name: 'metrics',
    sampler,
    start: () => sampler.start(),
    stop: () => sampler.stop(),
    routes: async (app) => {
      await app.register(metricsRoutes, { metrics: sampler });
    },
    socket: (gateway) => sampler.subscribe((update) => gateway.toAdmins('metrics', update)),
  };
}
