import {
  DEFAULT_THEME,
  DEFAULT_THEME_COLOR,
  STORAGE_KEYS,
  THEME_COLORS,
  THEME_MODES,
  type ThemeColor,
  type ThemeMode,
} from '@homecam/shared';

/**
 * Theme settings and how they are stored (spec §3, §4):
 * - `darkmode`: 'auto' follows the system's prefers-color-scheme; anything else means manual;
 * - `theme`: the manual mode, 'light' or 'dark';
 * - `theme-color`: one of the eight accents.
 * Default: dark, pink, manual.
 */
export type ThemePreference = ThemeMode | 'auto';

export interface ThemeSettings {
  preference: ThemePreference;
  color: ThemeColor;
}

export const DEFAULT_THEME_SETTINGS: ThemeSettings = { preference: DEFAULT_THEME, color: DEFAULT_THEME_COLOR };

const isMode = (value: string | null): value is ThemeMode => (THEME_MODES as readonly (string | null)[]).includes(value);
const isColor = (value: string | null): value is ThemeColor =>
  (THEME_COLORS as readonly (string | null)[]).includes(value);

export function readThemeSettings(storage: Pick<Storage, 'getItem'>): ThemeSettings {
  const mode = storage.getItem(STORAGE_KEYS.theme);
  const color = storage.getItem(STORAGE_KEYS.themeColor);
  const auto = storage.getItem(STORAGE_KEYS.darkmode) === 'auto';
  return {
    preference: auto ? 'auto' : isMode(mode) ? mode : DEFAULT_THEME,
    color: isColor(color) ? color : DEFAULT_THEME_COLOR,
  };
}

export function writeThemeSettings(storage: Pick<Storage, 'setItem'>, settings: ThemeSettings) {
  storage.setItem(STORAGE_KEYS.darkmode, settings.preference === 'auto' ? 'auto' : 'manual');
  // In auto mode the last manual choice is kept, so switching back to manual restores it.
  if (settings.preference !== 'auto') storage.setItem(STORAGE_KEYS.theme, settings.preference);
  storage.setItem(STORAGE_KEYS.themeColor, settings.color);
}

/** The mode actually shown: the manual choice, or the system's in auto mode. */
export function resolveThemeMode(preference: ThemePreference, systemPrefersDark: boolean): ThemeMode {
  if (preference === 'auto') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}
