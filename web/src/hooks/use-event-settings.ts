import type { NotificationSettingsPatch, RecordingSettingsPatch } from '@homecam/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import {
  getNotificationSettings,
  getRecordingSettings,
  updateNotificationSettings,
  updateRecordingSettings,
} from '../api/settings-api';
import { useHasAnyPermission } from './use-permissions';
import { useHttp } from './use-http';

/**
 * The recordings settings and whether this user may change them (settings:recordings:edit or admin); moving the
 * directory is the admin's alone (the server answers RECORDINGS_PATH_ADMIN_ONLY otherwise).
 */
export function useRecordingSettings() {
  const http = useHttp();
  const canEdit = useHasAnyPermission(['settings:recordings:edit']);
  const canMovePath = useHasAnyPermission(['admin']);
  const query = useQuery({ queryKey: queryKeys.recordingSettings, queryFn: () => getRecordingSettings(http) });
  return { ...query, canEdit, canMovePath };
}

export function useUpdateRecordingSettings() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: RecordingSettingsPatch) => updateRecordingSettings(http, patch),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.recordingSettings, saved),
  });
}

/** The notification settings and whether this user may change them (settings:notifications:edit or admin). */
export function useNotificationSettings() {
  const http = useHttp();
  const canEdit = useHasAnyPermission(['settings:notifications:edit']);
  const query = useQuery({ queryKey: queryKeys.notificationSettings, queryFn: () => getNotificationSettings(http) });
  return { ...query, canEdit };
}

export function useUpdateNotificationSettings() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: NotificationSettingsPatch) => updateNotificationSettings(http, patch),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.notificationSettings, saved),
  });
}
