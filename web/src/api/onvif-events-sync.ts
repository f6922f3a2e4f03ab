import type { QueryClient } from '@tanstack/react-query';
import type { OnvifEventStatus } from '@homecam/shared';
import { queryKeys } from './query-keys';

/**
 * Keeps an open camera form's ONVIF event status in step with the socket's `onvifEventStatus` (issue 22): only a
 * status already asked for is replaced, so cameras nobody looks at leave nothing in the cache.
 */
export function createOnvifEventsSync(queryClient: QueryClient) {
  return {
    statusChanged(status: OnvifEventStatus) {
      queryClient.setQueryData<OnvifEventStatus>(queryKeys.onvifEvents(status.camera), (cached) => (cached ? status : cached));
    },
  };
}
