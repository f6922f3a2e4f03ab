import type { Integration, IntegrationAction } from '@homecam/shared';
import { useQueryClient } from '@tanstack/react-query';
import { getRekognitionSettings, listIntegrations, runIntegrationAction, updateRekognitionSettings } from '../api/plugins-api';
import { useApiMutation, useApiQuery } from './use-api';
import { useSettingsForm } from './use-settings-form';

export const pluginsQueryKey = ['plugins'] as const;
export const rekognitionQueryKey = ['settings', 'rekognition'] as const;

/** How often the plugins page asks again while the tab is visible (TanStack pauses it in the background). */
export const PLUGINS_REFRESH_MS = 4000;

export const useIntegrations = () => useApiQuery(pluginsQueryKey, listIntegrations, { refetchInterval: PLUGINS_REFRESH_MS });

/** Start/stop/restart one integration; its answer replaces that card's data at once. */
export function useIntegrationAction(id: string) {
  const queryClient = useQueryClient();
  return useApiMutation((http, action: IntegrationAction) => runIntegrationAction(http, id, action), {
    onSuccess: (next) => {
      queryClient.setQueryData<Integration[]>(pluginsQueryKey, (list) => list?.map((entry) => (entry.id === next.id ? next : entry)));
      // Others may follow it (the MQTT state follows the MQTT trigger).
      void queryClient.invalidateQueries({ queryKey: pluginsQueryKey });
    },
  });
}

/** /settings/rekognition: the keys, region and budget; a save also refreshes the plugins page (its card follows). */
export const useRekognitionSettingsForm = () =>
  useSettingsForm({
    queryKey: rekognitionQueryKey,
    load: getRekognitionSettings,
    save: updateRekognitionSettings,
    refresh: [pluginsQueryKey],
    savedKey: 'plugins:rekognition.saved',
    feedback: 'toast',
  });
