import type { ThemeMode } from '@homecam/shared';
import { createStore } from '../../lib/create-store';
import { readThemeSettings, resolveThemeMode, writeThemeSettings, type ThemeSettings } from './theme-resolution';

export interface ThemeSnapshot {
  settings: ThemeSettings;
  /** The mode shown right now. */
  mode: ThemeMode;
}

export interface ThemeStore {
  getSnapshot: () => ThemeSnapshot;
  subscribe: (listener: () => void) => () => void;
  update: (settings: Partial<ThemeSettings>) => void;
}

interface ThemeEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  root: HTMLElement;
  /** `(prefers-color-scheme: dark)`; null where the browser has no matchMedia. */
  systemDarkQuery: MediaQueryList | null;
}

/**
 * Owns the theme attributes on <html>. Auto mode listens to the system preference live, so a phone
 * switching to night mode switches HomeCam too.
 */
export function createThemeStore({ storage, root, systemDarkQuery }: ThemeEnvironment): ThemeStore {
  let settings = readThemeSettings(storage);
  let systemDark = systemDarkQuery?.matches ?? false;
  const store = createStore(compute());

  function compute(): ThemeSnapshot {
    return { settings, mode: resolveThemeMode(settings.preference, systemDark) };
  }

  function apply() {
    const snapshot = compute();
    root.dataset.theme = snapshot.mode;
    root.dataset.themeColor = snapshot.settings.color;
    store.set(snapshot);
  }

  systemDarkQuery?.addEventListener('change', (event) => {
    systemDark = event.matches;
    apply();
  });
  apply();

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    update(partial) {
      settings = { ...settings, ...partial };
      writeThemeSettings(storage, settings);
      apply();
    },
  };
}
