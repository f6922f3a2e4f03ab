import { metricsResponseSchema, type MetricsResponse } from '@homecam/shared';
import type { HttpClient } from './http-client';

/** GET /api/system/metrics (admin): the last hour of samples and the per-stream table. */
export function getMetrics(http: HttpClient): Promise<MetricsResponse> {
  return http.request('/system/metrics', { schema: metricsResponseSchema });
}
