import type { AlertChannelId } from '@homecam/shared';
import { useQueryClient } from '@tanstack/react-query';
import { getAlertStatus, sendAlertTest } from '../api/alerts-api';
import { useApiMutation, useApiQuery } from './use-api';

export const alertStatusQueryKey = ['alerts', 'status'] as const;

/** How often the channel cards ask again while the tab is visible (queued/dropped move with every event). */
export const ALERT_STATUS_REFRESH_MS = 4000;

export const useAlertStatus = () => useApiQuery(alertStatusQueryKey, getAlertStatus, { refetchInterval: ALERT_STATUS_REFRESH_MS });

/** "Send a test" of one channel; the status is fetched again after it (last success or last error changed). */
export function useAlertTest(channel: AlertChannelId) {
  const queryClient = useQueryClient();
  return useApiMutation((http) => sendAlertTest(http, channel), { onSettled: () => void queryClient.invalidateQueries({ queryKey: alertStatusQueryKey }) });
}
