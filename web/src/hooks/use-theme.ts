import { useSyncExternalStore } from 'react';
import type { ThemeSnapshot, ThemeStore } from '../stores/theme/theme-store';
import { useStores } from '../stores/stores-context';

export function useTheme(): ThemeSnapshot & { update: ThemeStore['update'] } {
  const { themeStore } = useStores();
  const snapshot = useSyncExternalStore(themeStore.subscribe, themeStore.getSnapshot);
  return { ...snapshot, update: themeStore.update };
}
