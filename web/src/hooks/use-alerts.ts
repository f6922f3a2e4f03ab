import type { AlertChannelId } from '@homecam/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getAlertStatus, sendAlertTest } from '../api/alerts-api';
import { useHttp } from './use-http';

export const alertStatusQueryKey = ['alerts', 'status'] as const;

/** How often the channel cards ask again while the tab is visible (queued/dropped move with every event). */
export const ALERT_STATUS_REFRESH_MS = 4000;

export function useAlertStatus() {
  const http = useHttp();
  return useQuery({ queryKey: alertStatusQueryKey, queryFn: () => getAlertStatus(http), refetchInterval: ALERT_STATUS_REFRESH_MS });
}

/** "Send a test" of one channel; the status is fetched again after it (last success or last error changed). */
export function useAlertTest(channel: AlertChannelId) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendAlertTest(http, channel),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: alertStatusQueryKey }),
  });
}
