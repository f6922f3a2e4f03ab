import { describe, expect, it, vi } from 'vitest';
import { readThemeSettings, resolveThemeMode, writeThemeSettings } from './theme-resolution';
import { createThemeStore } from './theme-store';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

/** A prefers-color-scheme query whose answer the test can change, like a phone switching to night mode. */
function fakeDarkQuery(matches: boolean) {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  return {
    query: {
      get matches() {
        return matches;
      },
      addEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.add(listener),
    } as unknown as MediaQueryList,
    change(next: boolean) {
      matches = next;
      listeners.forEach((listener) => listener({ matches: next }));
    },
  };
}

describe('theme resolution', () => {
  it('follows the system in auto mode', () => {
    expect(resolveThemeMode('auto', true)).toBe('dark');
    expect(resolveThemeMode('auto', false)).toBe('light');
  });

  it('ignores the system in manual mode', () => {
    expect(resolveThemeMode('light', true)).toBe('light');
    expect(resolveThemeMode('dark', false)).toBe('dark');
  });

  it('defaults to dark pink, and ignores unknown stored values', () => {
    expect(readThemeSettings(memoryStorage())).toEqual({ preference: 'dark', color: 'pink' });
    expect(readThemeSettings(memoryStorage({ theme: 'neon', 'theme-color': 'teal' }))).toEqual({ preference: 'dark', color: 'pink' });
  });

  it('stores the choice in theme, theme-color and darkmode, and reads it back', () => {
    const storage = memoryStorage();
    writeThemeSettings(storage, { preference: 'light', color: 'green' });
    expect(Object.fromEntries(storage.values)).toEqual({ theme: 'light', 'theme-color': 'green', darkmode: 'manual' });
    expect(readThemeSettings(storage)).toEqual({ preference: 'light', color: 'green' });
    writeThemeSettings(storage, { preference: 'auto', color: 'green' });
    expect(readThemeSettings(storage)).toEqual({ preference: 'auto', color: 'green' });
  });
});

describe('theme store', () => {
  it('writes the attributes on <html> and follows the system live in auto mode', () => {
    const root = document.createElement('html');
    const system = fakeDarkQuery(false);
    const store = createThemeStore({ storage: memoryStorage({ darkmode: 'auto' }), root, systemDarkQuery: system.query });
    expect(root.dataset.theme).toBe('light');
    expect(root.dataset.themeColor).toBe('pink');

    const listener = vi.fn();
    store.subscribe(listener);
    system.change(true);
    expect(root.dataset.theme).toBe('dark');
    expect(store.getSnapshot().mode).toBe('dark');
    expect(listener).toHaveBeenCalled();
  });

  it('stops following the system once a manual mode is chosen', () => {
    const root = document.createElement('html');
    const system = fakeDarkQuery(true);
    const store = createThemeStore({ storage: memoryStorage({ darkmode: 'auto' }), root, systemDarkQuery: system.query });
    store.update({ preference: 'light', color: 'blue' });
    system.change(true);
    expect(root.dataset.theme).toBe('light');
    expect(root.dataset.themeColor).toBe('blue');
  });
});
