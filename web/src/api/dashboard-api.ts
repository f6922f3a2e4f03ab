import { dashboardLayoutResponseSchema, type DashboardLayout, type DashboardLayoutResponse } from '@homecam/shared';
import type { HttpClient } from './http-client';

/** GET /api/dashboard/layout (dashboard:access): the caller's own saved board, or null. */
export function getDashboardLayout(http: HttpClient, signal?: AbortSignal): Promise<DashboardLayoutResponse> {
  return http.request('/dashboard/layout', { schema: dashboardLayoutResponseSchema, signal });
}

/** PUT /api/dashboard/layout: replaces the caller's board on the server (a second device loads it). */
export function saveDashboardLayout(http: HttpClient, layout: DashboardLayout): Promise<DashboardLayoutResponse> {
  return http.request('/dashboard/layout', { method: 'PUT', json: layout, schema: dashboardLayoutResponseSchema });
}
