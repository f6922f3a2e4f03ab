import { alertStatusListSchema, alertTestResultSchema, type AlertChannelId, type AlertChannelStatus, type AlertTestResult } from '@homecam/shared';
import { apiRequest } from './http-client';

/** GET /api/alerts/status (settings:notifications:access/edit): each alert channel's state. */
export async function getAlertStatus(): Promise<AlertChannelStatus[]> {
  return (await apiRequest('/alerts/status', { schema: alertStatusListSchema })).result;
}

/** POST /api/alerts/:channel/test (settings:notifications:edit; webhook: admin): what the channel answered. */
export function sendAlertTest(channel: AlertChannelId): Promise<AlertTestResult> {
  return apiRequest(`/alerts/${encodeURIComponent(channel)}/test`, { method: 'POST', schema: alertTestResultSchema });
}
