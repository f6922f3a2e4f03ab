import type { Integration, IntegrationAction, RekognitionSettingsPatch } from '@homecam/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRekognitionSettings, listIntegrations, runIntegrationAction, updateRekognitionSettings } from '../api/plugins-api';

export const pluginsQueryKey = ['plugins'] as const;
export const rekognitionQueryKey = ['settings', 'rekognition'] as const;

/** How often the plugins page asks again while the tab is visible (TanStack pauses it in the background). */
export const PLUGINS_REFRESH_MS = 4000;

export function useIntegrations() {
  return useQuery({ queryKey: pluginsQueryKey, queryFn: listIntegrations, refetchInterval: PLUGINS_REFRESH_MS });
}

/** Start/stop/restart one integration; its answer replaces that card's data at once. */
export function useIntegrationAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: IntegrationAction) => runIntegrationAction(id, action),
    onSuccess: (next) => {
      queryClient.setQueryData<Integration[]>(pluginsQueryKey, (list) => list?.map((entry) => (entry.id === next.id ? next : entry)));
      // Others may follow it (the MQTT state follows the MQTT trigger).
      void queryClient.invalidateQueries({ queryKey: pluginsQueryKey });
    },
  });
}

export function useRekognitionSettings() {
  return useQuery({ queryKey: rekognitionQueryKey, queryFn: getRekognitionSettings });
}

export function useUpdateRekognitionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: RekognitionSettingsPatch) => updateRekognitionSettings(patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(rekognitionQueryKey, saved);
      void queryClient.invalidateQueries({ queryKey: pluginsQueryKey });
    },
  });
}
