import { useCallback, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Camera, CameraInput, CameraOffAir, CameraStatus } from '@homecam/shared';
import {
  createCamera,
  createDemoCamera,
  deleteCamera,
  getCamera,
  getCameraStatus,
  listCameras,
  updateCamera,
} from '../api/cameras-api';
import { queryKeys } from '../api/query-keys';
import { useStores } from '../stores/stores-context';
import { useHasAnyPermission } from './use-permissions';
import { useApiMutation, useApiQuery } from './use-api';
import { useHttp } from './use-http';

/** GET /api/cameras. */
export const useCameraList = (enabled = true) => useApiQuery(queryKeys.cameraList, listCameras, { enabled });

/** GET /api/cameras/:name. */
export const useCamera = (name: string) => useApiQuery(queryKeys.camera(name), (http) => getCamera(http, name));

/**
 * Camera changes also change the rooms' camera counts. Statuses are left alone: the socket keeps them fresh,
 * and asking again for a camera just removed or renamed would only answer 404.
 */
function useInvalidateCameras() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.cameras, predicate: (query) => query.queryKey[1] !== 'status' }),
      queryClient.invalidateQueries({ queryKey: queryKeys.rooms }),
    ]);
}

export const useCreateCamera = () => useApiMutation((http, body: CameraInput) => createCamera(http, body), { onSuccess: useInvalidateCameras() });

export const useUpdateCamera = () =>
  useApiMutation((http, { name, patch }: { name: string; patch: Record<string, unknown> }) => updateCamera(http, name, patch), {
    onSuccess: useInvalidateCameras(),
  });

export const useDeleteCamera = () => useApiMutation(deleteCamera, { onSuccess: useInvalidateCameras() });

export const useCreateDemoCamera = () => useApiMutation((http) => createDemoCamera(http), { onSuccess: useInvalidateCameras() });

/**
 * The camera's stream state for its status dot: the newest `cameraState` pushed by the socket, else the
 * answer of GET /api/cameras/:name/status (asked once, then kept fresh by the pushes).
 */
export function useCameraStatus(name: string): CameraStatus | undefined {
  const http = useHttp();
  const { cameraStatusStore } = useStores();
  // This camera's status only: another camera's change does not re-render this dot.
  const subscribe = useCallback((listener: () => void) => cameraStatusStore.subscribe(name, listener), [cameraStatusStore, name]);
  const pushed = useSyncExternalStore(subscribe, () => cameraStatusStore.get(name));
  // Statuses (pushed or asked for) are for viewers of cameras; camera settings alone do not include them.
  const allowed = useHasAnyPermission(['cameras:access']);
  const fetched = useQuery({
    queryKey: queryKeys.cameraStatus(name),
    queryFn: () => getCameraStatus(http, name),
    staleTime: Infinity,
    enabled: allowed && !pushed,
  });
  return pushed ?? fetched.data;
}

/**
 * Why the camera streams nothing on purpose (disabled, privacy mode), and since when: from its status, or, until
 * the status is known, from its settings already loaded (the list, the camera page), so a disabled camera's picture
 * is never asked for in between.
 */
export function useCameraOffAir(name: string): { offAir: CameraOffAir | null; since: string | undefined } {
  const status = useCameraStatus(name);
  const queryClient = useQueryClient();
  if (status) return { offAir: status.offAir, since: status.since };
  const camera = queryClient.getQueryData<Camera>(queryKeys.camera(name)) ?? queryClient.getQueryData<Camera[]>(queryKeys.cameraList)?.find((c) => c.name === name);
  return { offAir: camera?.disable ? 'disabled' : camera?.privacyMode ? 'privacy' : null, since: undefined };
}
