import { useSyncExternalStore } from 'react';
import { installPrompt, pushSync, swUpdates } from '../app/pwa/pwa-runtime';

export function useSwUpdate() {
  return { state: useSyncExternalStore(swUpdates.subscribe, swUpdates.getState), applyUpdate: swUpdates.applyUpdate };
}

export function useInstallPrompt() {
  return { available: useSyncExternalStore(installPrompt.subscribe, installPrompt.getState), install: installPrompt.install };
}

export function usePushDevice() {
  return { state: useSyncExternalStore(pushSync.subscribe, pushSync.getState), enable: pushSync.enable, disable: pushSync.disable };
}
