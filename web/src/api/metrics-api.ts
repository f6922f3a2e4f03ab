import { metricsResponseSchema, type MetricsResponse } from '@homecam/shared';
import { apiRequest } from './http-client';

/** GET /api/system/metrics (admin): the last hour of samples and the per-stream table. */
export function getMetrics(): Promise<MetricsResponse> {
  return apiRequest('/system/metrics', { schema: metricsResponseSchema });
}
