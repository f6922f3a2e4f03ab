import { alertStatusListSchema, alertTestResultSchema, type AlertChannelId, type AlertChannelStatus, type AlertTestResult } from '@homecam/shared';
import type { HttpClient } from './http-client';

/** GET /api/alerts/status (settings:notifications:access/edit): each alert channel's state. */
export async function getAlertStatus(http: HttpClient): Promise<AlertChannelStatus[]> {
  return (await http.request('/alerts/status', { schema: alertStatusListSchema })).result;
}

/** POST /api/alerts/:channel/test (settings:notifications:edit; webhook: admin): what the channel answered. */
export function sendAlertTest(http: HttpClient, channel: AlertChannelId): Promise<AlertTestResult> {
  return http.request(`/alerts/${encodeURIComponent(channel)}/test`, { method: 'POST', schema: alertTestResultSchema });
}
