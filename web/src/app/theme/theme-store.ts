import type { ThemeMode } from '@homecam/shared';
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
  let snapshot = compute();
  const listeners = new Set<() => void>();

  function compute(): ThemeSnapshot {
    return { settings, mode: resolveThemeMode(settings.preference, systemDark) };
  }

  function apply() {
    snapshot = compute();
    root.dataset.theme = snapshot.mode;
    root.dataset.themeColor = snapshot.settings.color;
    listeners.forEach((listener) => listener());
  }

  systemDarkQuery?.addEventListener('change', (event) => {
    systemDark = event.matches;
    apply();
  });
  apply();

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(partial) {
      settings = { ...settings, ...partial };
      writeThemeSettings(storage, settings);
      apply();
    },
  };
}
