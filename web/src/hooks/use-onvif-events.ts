import { getOnvifEventStatus } from '../api/cameras-api';
import { queryKeys } from '../api/query-keys';
import { useApiQuery } from './use-api';

/** How often the camera form asks again while it is open: a retrying subscription changes within seconds. */
const REFRESH_MS = 5_000;

/** GET /api/cameras/:name/onvif-events, refreshed while shown. */
export const useOnvifEventStatus = (camera: string) =>
  useApiQuery(queryKeys.onvifEvents(camera), (http, signal) => getOnvifEventStatus(http, camera, signal), { refetchInterval: REFRESH_MS });
