import { useQueryClient } from '@tanstack/react-query';
import type { ContinuousSettingsPatch } from '@homecam/shared';
import { updateCamera } from '../api/cameras-api';
import { getContinuousSettings, updateContinuousSettings } from '../api/continuous-settings-api';
import { queryKeys } from '../api/query-keys';
import { useApiMutation, useApiQuery } from './use-api';
import { useHasAnyPermission } from './use-permissions';

/**
 * 24/7 recording settings (tiers, caps, per-camera stats) and what this user may change: the tiers and caps need
 * settings:recordings:edit; a camera's mode, stream and own cap are camera settings (PATCH /api/cameras/:name),
 * which need settings:cameras:edit.
 */
export function useContinuousSettings() {
  const canEdit = useHasAnyPermission(['settings:recordings:edit']);
  const canEditCameras = useHasAnyPermission(['settings:cameras:edit']);
  const query = useApiQuery(queryKeys.continuousSettings, getContinuousSettings);
  return { ...query, canEdit, canEditCameras };
}

export function useUpdateContinuousSettings() {
  const queryClient = useQueryClient();
  return useApiMutation((http, patch: ContinuousSettingsPatch) => updateContinuousSettings(http, patch), {
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.continuousSettings, saved),
  });
}

export interface CameraRecordingPatch {
  recordingMode?: 'off' | 'events' | 'continuous';
  recordingStream?: 'main' | 'sub';
  /** null: back to the default cap. */
  recordingMaxSizeGB?: number | null;
}

/** One camera's recording mode, stream or cap; the stats and the camera lists are asked again. */
export function useUpdateCameraRecording() {
  const queryClient = useQueryClient();
  return useApiMutation((http, { camera, patch }: { camera: string; patch: CameraRecordingPatch }) => updateCamera(http, camera, { ...patch }), {
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.continuousSettings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.cameras, predicate: (query) => query.queryKey[1] !== 'status' }),
      ]),
  });
}
