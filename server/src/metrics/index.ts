/**
 * System metrics for the Utilization page: a sampler over /proc, /sys and statfs with an in-memory ring of
 * the last hour. The only place of the server that reads /proc. Uses lib and the media public API, nothing else.
 */
export { MetricsSampler, type SamplerOptions } from './sampler.js';
export { createSystemProbe, type SystemProbe } from './system-probe.js';
