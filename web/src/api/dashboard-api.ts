import { dashboardLayoutResponseSchema, type DashboardLayout, type DashboardLayoutResponse } from '@homecam/shared';
import { apiRequest } from './http-client';

/** GET /api/dashboard/layout (dashboard:access): the caller's own saved board, or null. */
export function getDashboardLayout(signal?: AbortSignal): Promise<DashboardLayoutResponse> {
  return apiRequest('/dashboard/layout', { schema: dashboardLayoutResponseSchema, signal });
}

/** PUT /api/dashboard/layout: replaces the caller's board on the server (a second device loads it). */
export function saveDashboardLayout(layout: DashboardLayout): Promise<DashboardLayoutResponse> {
  return apiRequest('/dashboard/layout', { method: 'PUT', json: layout, schema: dashboardLayoutResponseSchema });
}
