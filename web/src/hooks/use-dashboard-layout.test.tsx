import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, type DashboardLayout } from '@homecam/shared';
import type { Registry } from '../lib/dashboard-layout';
import { clearStoredSession } from '../stores/session/stored-session';
import { StoresContext } from '../stores/stores-context';
import { testStores } from '../test/test-stores';
import { initialLayout, SAVE_DEBOUNCE_MS, useDashboardLayout } from './use-dashboard-layout';

const api = vi.hoisted(() => ({ get: vi.fn(), save: vi.fn() }));
vi.mock('../api/dashboard-api', () => ({ getDashboardLayout: api.get, saveDashboardLayout: api.save }));
vi.mock('./use-toast', () => ({ useToast: () => ({ apiError: vi.fn() }) }));

const REGISTRY: Registry = [
  { type: 'time', size: { w: 4, h: 4 }, defaults: {} },
  { type: 'shortcuts', size: { w: 4, h: 4 }, defaults: {} },
];
const board = (id: string, x = 0): DashboardLayout => ({ version: 1, locked: false, widgets: [{ id, type: 'time', x, y: 0, w: 4, h: 4, settings: {} }] });

function wrapper({ children }: { children: ReactNode }) {
  return (
    <StoresContext.Provider value={testStores()}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
    </StoresContext.Provider>
  );
}

beforeEach(() => {
  localStorage.clear();
  api.get.mockReset();
  api.save.mockReset();
  api.save.mockResolvedValue({ layout: null, updatedAt: null });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('initialLayout', () => {
  it("prefers the server's board, then this browser's, then the default", () => {
    const local = JSON.stringify(board('local'));
    expect(initialLayout(board('server'), local, REGISTRY, ['admin']).widgets[0]?.id).toBe('server');
    expect(initialLayout(null, local, REGISTRY, ['admin']).widgets[0]?.id).toBe('local');
    expect(initialLayout(null, '{broken', REGISTRY, ['admin']).widgets.map((w) => w.type)).toEqual(['time', 'shortcuts']);
  });
});

describe('useDashboardLayout', () => {
  it('loads the server board; changes go to localStorage at once and to the server once per burst', async () => {
    api.get.mockResolvedValue({ layout: board('server'), updatedAt: '2026-01-01T00:00:00.000Z' });
    const { result } = renderHook(() => useDashboardLayout(REGISTRY, ['admin']), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.layout?.widgets[0]?.id).toBe('server');
    expect(api.save).not.toHaveBeenCalled();

    vi.useFakeTimers();
    act(() => result.current.change(board('server', 4)));
    act(() => result.current.change(board('server', 8)));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.dashboardLayout) ?? 'null')).toEqual(board('server', 8));
    expect(api.save).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(SAVE_DEBOUNCE_MS);
    });
    expect(api.save).toHaveBeenCalledTimes(1);
    expect(api.save).toHaveBeenCalledWith(expect.anything(), board('server', 8));
  });

  it('falls back to the browser copy when the server cannot be read, and sends a pending change on unmount', async () => {
    api.get.mockRejectedValue(new Error('offline'));
    localStorage.setItem(STORAGE_KEYS.dashboardLayout, JSON.stringify(board('local')));
    const { result, unmount } = renderHook(() => useDashboardLayout(REGISTRY, ['admin']), { wrapper });
    // The hook asks once more after a second before giving up on the server.
    await waitFor(() => expect(result.current.loading).toBe(false), { timeout: 5000 });
    expect(api.get).toHaveBeenCalledTimes(2);
    expect(result.current.layout?.widgets[0]?.id).toBe('local');
    act(() => result.current.change(board('local', 4)));
    unmount();
    expect(api.save).toHaveBeenCalledWith(expect.anything(), board('local', 4));
  });
});

describe('useDashboardLayout hand-over', () => {
  it("gives a board kept only in this browser to the server once, so another device gets it", async () => {
    api.get.mockResolvedValue({ layout: null, updatedAt: null });
    localStorage.setItem(STORAGE_KEYS.dashboardLayout, JSON.stringify(board('local')));
    const { result } = renderHook(() => useDashboardLayout(REGISTRY, ['admin']), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    await waitFor(() => expect(api.save).toHaveBeenCalledWith(expect.anything(), board('local')), { timeout: 3000 });
    expect(api.save).toHaveBeenCalledTimes(1);
  });

  it('a new user with nothing stored gets the default board and nothing is saved until a change', async () => {
    api.get.mockResolvedValue({ layout: null, updatedAt: null });
    const { result } = renderHook(() => useDashboardLayout(REGISTRY, ['admin']), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.layout?.widgets.map((w) => w.type)).toEqual(['time', 'shortcuts']);
    expect(localStorage.getItem(STORAGE_KEYS.dashboardLayout)).toBeNull();
    expect(api.save).not.toHaveBeenCalled();
  });
});

describe('signing out', () => {
  it("forgets this browser's copy of the board, so the next user does not start from it", () => {
    localStorage.setItem(STORAGE_KEYS.dashboardLayout, JSON.stringify(board('mine')));
    clearStoredSession(localStorage);
    expect(localStorage.getItem(STORAGE_KEYS.dashboardLayout)).toBeNull();
  });
});
