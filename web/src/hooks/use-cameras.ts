import { useCallback, useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** GET /api/cameras. */
export function useCameraList(enabled = true) {
  return useQuery({ queryKey: queryKeys.cameraList, queryFn: listCameras, enabled });
}

/** GET /api/cameras/:name. */
export function useCamera(name: string) {
  return useQuery({ queryKey: queryKeys.camera(name), queryFn: () => getCamera(name) });
}

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

export function useCreateCamera() {
  const invalidate = useInvalidateCameras();
  return useMutation({ mutationFn: (body: CameraInput) => createCamera(body), onSuccess: invalidate });
}

export function useUpdateCamera() {
  const invalidate = useInvalidateCameras();
  return useMutation({
    mutationFn: ({ name, patch }: { name: string; patch: Record<string, unknown> }) => updateCamera(name, patch),
    onSuccess: invalidate,
  });
}

export function useDeleteCamera() {
  const invalidate = useInvalidateCameras();
  return useMutation({ mutationFn: (name: string) => deleteCamera(name), onSuccess: invalidate });
}

export function useCreateDemoCamera() {
  const invalidate = useInvalidateCameras();
  return useMutation({ mutationFn: createDemoCamera, onSuccess: invalidate });
}

/**
 * The camera's stream state for its status dot: the newest `cameraState` pushed by the socket, else the
 * answer of GET /api/cameras/:name/status (asked once, then kept fresh by the pushes).
 */
export function useCameraStatus(name: string): CameraStatus | undefined {
  const { cameraStatusStore } = useStores();
  // This camera's status only: another camera's change does not re-render this dot.
  const subscribe = useCallback((listener: () => void) => cameraStatusStore.subscribe(name, listener), [cameraStatusStore, name]);
  const pushed = useSyncExternalStore(subscribe, () => cameraStatusStore.get(name));
  // Statuses (pushed or asked for) are for viewers of cameras; camera settings alone do not include them.
  const allowed = useHasAnyPermission(['cameras:access']);
  const fetched = useQuery({
    queryKey: queryKeys.cameraStatus(name),
    queryFn: () => getCameraStatus(name),
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
