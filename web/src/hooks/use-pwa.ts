import { useSyncExternalStore } from 'react';
import { useStores } from '../stores/stores-context';

export function useSwUpdate() {
  const { swUpdates } = useStores();
  return { state: useSyncExternalStore(swUpdates.subscribe, swUpdates.getState), applyUpdate: swUpdates.applyUpdate };
}

export function useInstallPrompt() {
  const { installPrompt } = useStores();
  return { available: useSyncExternalStore(installPrompt.subscribe, installPrompt.getState), install: installPrompt.install };
}

export function usePushDevice() {
  const { pushSync } = useStores();
  return { state: useSyncExternalStore(pushSync.subscribe, pushSync.getState), enable: pushSync.enable, disable: pushSync.disable };
}
