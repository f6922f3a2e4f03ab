import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import type { LoginResponse, Permission } from '@homecam/shared';

/**
 * The loader glue around decideNavigation: session check, toast, redirect. The runtime reads localStorage
 * when it is created, so each test prepares storage and creates a fresh one.
 */
const session = (permissionLevel: Permission[]): LoginResponse => ({
  access_token: 'tok',
  token_type: 'Bearer',
  expires_in: 60,
  expires_at: '2030-01-01T00:00:00.000Z',
  user: { id: 4, username: 'vera', sessionTimer: 60, permissionLevel, photo: null, mustChangeCredentials: false },
});

async function load(stored: LoginResponse | null) {
  localStorage.clear();
  localStorage.setItem('language', 'en');
  if (stored) localStorage.setItem('user', JSON.stringify(stored));
  const { createRuntime } = await import('../runtime');
  const { createNavigationGuard } = await import('./navigation-guard');
  const runtime = createRuntime({ storage: localStorage, document, window });
  const navigationGuard = createNavigationGuard(runtime);
  const navigate = vi.fn();
  runtime.setNavigator(navigate);
  const visit = (path: string, signal = new AbortController().signal) =>
    navigationGuard({ request: new Request(`http://homecam.test${path}`, { signal }), params: {}, context: {} } as unknown as LoaderFunctionArgs);
  return { runtime, visit, navigate };
}

const answer = (status: number, body: unknown) =>
  vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('navigation guard loader', () => {
  it('sends a visitor without a token to the login without asking the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { visit } = await load(null);
    const response = await visit('/dashboard');
    expect(response?.status).toBe(302);
    expect(response?.headers.get('Location')).toBe('/');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks the session first, then turns a missing permission into a toast and the account page', async () => {
    const fetch = answer(200, { status: 'OK', user: session(['cameras:access']).user });
    vi.stubGlobal('fetch', fetch);
    const { visit, runtime } = await load(session(['cameras:access']));
    const response = await visit('/recordings');
    expect(fetch).toHaveBeenCalledWith('/api/auth/check', expect.objectContaining({ method: 'GET' }));
    expect(response?.headers.get('Location')).toBe('/settings/account');
    expect(runtime.toastStore.getSnapshot()).toEqual([expect.objectContaining({ type: 'error', message: 'Recordings: Permission required' })]);
  });

  it('lets a permitted navigation through', async () => {
    vi.stubGlobal('fetch', answer(200, { status: 'OK', user: session(['cameras:access']).user }));
    const { visit } = await load(session(['cameras:access']));
    expect(await visit('/cameras/garden')).toBeNull();
  });

  it('signs out on a failed check and goes to / 200 ms later', async () => {
    vi.stubGlobal('fetch', answer(401, { error: { code: 'SESSION_EXPIRED', message: 'expired' } }));
    const { visit, runtime, navigate } = await load(session(['admin']));
    const navigation = new AbortController();
    const pending = visit('/dashboard', navigation.signal);
    await vi.advanceTimersByTimeAsync(0);
    expect(runtime.sessionStore.getState().status).toBe('signedOut');
    expect(localStorage.getItem('user')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(navigate).toHaveBeenCalledWith('/');
    // The redirect supersedes the pending navigation, which then ends quietly.
    navigation.abort();
    await expect(pending).resolves.toBeNull();
  });
});
