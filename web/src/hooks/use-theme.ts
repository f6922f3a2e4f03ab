import { useSyncExternalStore } from 'react';
import { themeStore } from '../app/runtime';
import type { ThemeSnapshot } from '../app/theme/theme-store';

export function useTheme(): ThemeSnapshot & { update: typeof themeStore.update } {
  const snapshot = useSyncExternalStore(themeStore.subscribe, themeStore.getSnapshot);
  return { ...snapshot, update: themeStore.update };
}
