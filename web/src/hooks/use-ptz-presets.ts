import { useQueryClient } from '@tanstack/react-query';
import { gotoPreset, listPresets, ptzHome, removePreset, savePreset } from '../api/onvif-api';
import { queryKeys } from '../api/query-keys';
import { useApiMutation, useApiQuery } from './use-api';
import { useToast } from './use-toast';

/** Issue 22: a PTZ camera's presets and what the pad does with them (go to, home, save, remove). */
export function usePtzPresets(camera: string, onSaved: (name: string) => void) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.ptzPresets(camera) });
  return {
    list: useApiQuery(queryKeys.ptzPresets(camera), (http, signal) => listPresets(http, camera, signal), { retry: false }),
    goto: useApiMutation((http, token: string) => gotoPreset(http, camera, token), { onError: toast.apiError }),
    home: useApiMutation((http) => ptzHome(http, camera), { onError: toast.apiError }),
    remove: useApiMutation((http, token: string) => removePreset(http, camera, token), { onSuccess: refresh, onError: toast.apiError }),
    save: useApiMutation((http, name: string) => savePreset(http, camera, name), {
      onSuccess: (preset) => {
        onSaved(preset.name);
        return refresh();
      },
      onError: toast.apiError,
    }),
  };
}
