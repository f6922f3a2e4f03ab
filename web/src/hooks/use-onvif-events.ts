import { useEffect, useRef } from 'react';
import { getOnvifEventStatus } from '../api/cameras-api';
import { queryKeys } from '../api/query-keys';
import { useApiQuery } from './use-api';
import { useRealtimeStatus } from './use-realtime-status';

/**
 * GET /api/cameras/:name/onvif-events once; after that the socket's `onvifEventStatus` keeps it current
 * (api/onvif-events-sync.ts), so nothing polls. A socket that was away may have missed changes: asked again when it
 * is back.
 */
export function useOnvifEventStatus(camera: string) {
  const query = useApiQuery(queryKeys.onvifEvents(camera), (http, signal) => getOnvifEventStatus(http, camera, signal));
  const realtime = useRealtimeStatus();
  const wasAway = useRef(false);
  const { refetch } = query;
  useEffect(() => {
    if (realtime === 'reconnecting') wasAway.current = true;
    else if (realtime === 'connected' && wasAway.current) {
      wasAway.current = false;
      void refetch();
    }
  }, [realtime, refetch]);
  return query;
}
