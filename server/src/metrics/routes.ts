import { metricsResponseSchema } from '@homecam/shared';
import { defineRoutes } from '../http/define-routes.js';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';
import type { MetricsSampler } from './sampler.js';

export const metricsRoutes = defineRoutes<{ metrics: MetricsSampler }>((app, { metrics }) => {
  app.get(
    '/api/system/metrics',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['system'],
        description:
          'The Utilization page: the samples of the last hour (oldest first, every intervalMs) and the per-stream table ' +
          'as of the newest one. New samples follow on the socket as `metrics` (admins only).',
        response: { 200: metricsResponseSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    () => metrics.snapshot(),
  );
});
