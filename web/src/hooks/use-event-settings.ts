import type { NotificationSettingsPatch, RecordingSettingsPatch } from '@homecam/shared';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import {
  getNotificationSettings,
  getRecordingSettings,
  updateNotificationSettings,
  updateRecordingSettings,
} from '../api/settings-api';
import { useHasAnyPermission } from './use-permissions';
import { useApiMutation, useApiQuery } from './use-api';

/**
 * The recordings settings and whether this user may change them (settings:recordings:edit or admin); moving the
 * directory is the admin's alone (the server answers RECORDINGS_PATH_ADMIN_ONLY otherwise).
 */
export function useRecordingSettings() {
  const canEdit = useHasAnyPermission(['settings:recordings:edit']);
  const canMovePath = useHasAnyPermission(['admin']);
  const query = useApiQuery(queryKeys.recordingSettings, getRecordingSettings);
  return { ...query, canEdit, canMovePath };
}

/** The saved settings are the server's answer: they replace the cached ones. */
function useCacheAnswer(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return (saved: unknown) => void queryClient.setQueryData(queryKey, saved);
}

export const useUpdateRecordingSettings = () =>
  useApiMutation((http, patch: RecordingSettingsPatch) => updateRecordingSettings(http, patch), { onSuccess: useCacheAnswer(queryKeys.recordingSettings) });

/** The notification settings and whether this user may change them (settings:notifications:edit or admin). */
export function useNotificationSettings() {
  const canEdit = useHasAnyPermission(['settings:notifications:edit']);
  const query = useApiQuery(queryKeys.notificationSettings, getNotificationSettings);
  return { ...query, canEdit };
}

export const useUpdateNotificationSettings = () =>
  useApiMutation((http, patch: NotificationSettingsPatch) => updateNotificationSettings(http, patch), { onSuccess: useCacheAnswer(queryKeys.notificationSettings) });
