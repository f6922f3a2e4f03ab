import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '@homecam/shared';
import { SIGNED_OUT } from './session-machine';
import { createSessionStore, type SessionPorts } from './session-store';

const session: LoginResponse = {
  access_token: 'tok',
  token_type: 'Bearer',
  expires_in: 60,
  expires_at: '2030-01-01T00:00:00.000Z',
  user: { id: 1, username: 'a', sessionTimer: 60, permissionLevel: ['admin'], photo: 'me.png', mustChangeCredentials: false },
};

function ports(overrides: Partial<SessionPorts> = {}) {
  const storage = new Map<string, string>([['lastPage', '/recordings']]);
  const fake = {
    storage: { setItem: (key: string, value: string) => void storage.set(key, value), removeItem: (key: string) => void storage.delete(key) },
    connectSocket: vi.fn(),
    disconnectSocket: vi.fn(),
    callLogout: vi.fn(() => Promise.resolve()),
    navigate: vi.fn(),
    schedule: (run: () => void, delayMs: number) => void setTimeout(run, delayMs),
    logError: vi.fn(),
    ...overrides,
  };
  return { fake, storage };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('session store', () => {
  it('stores the session and the photo URL on login', () => {
    const { fake, storage } = ports();
    const store = createSessionStore(SIGNED_OUT, fake);
    store.dispatch({ type: 'LOGGED_IN', session, lastPage: null, now: 7 });
    expect(JSON.parse(storage.get('user') ?? 'null')).toEqual(session);
    expect(storage.get('userImg')).toBe('/files/me.png?r=7');
    expect(fake.connectSocket).toHaveBeenCalledWith('tok');
    expect(fake.navigate).toHaveBeenCalledWith('/dashboard');
  });

  it('waits 200 ms before leaving a page whose session check failed', () => {
    const { fake, storage } = ports();
    const store = createSessionStore({ status: 'signedIn', session, photoUrl: null }, fake);
    store.dispatch({ type: 'CHECK_FAILED' });
    expect(storage.has('lastPage')).toBe(false);
    expect(fake.disconnectSocket).toHaveBeenCalled();
    vi.advanceTimersByTime(199);
    expect(fake.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fake.navigate).toHaveBeenCalledWith('/');
  });

  it('only logs a failed logout call and signs out locally anyway', async () => {
    const failure = new Error('offline');
    const { fake, storage } = ports({ callLogout: vi.fn(() => Promise.reject(failure)) });
    const store = createSessionStore({ status: 'signedIn', session, photoUrl: null }, fake);
    store.dispatch({ type: 'LOGOUT_REQUESTED' });
    await vi.runAllTimersAsync();
    expect(fake.callLogout).toHaveBeenCalledWith('tok');
    expect(fake.logError).toHaveBeenCalledWith('logout failed', failure);
    expect(store.getState()).toEqual(SIGNED_OUT);
    expect([...storage.keys()]).toEqual([]);
    expect(fake.navigate).toHaveBeenCalledWith('/');
  });

  it('tells subscribers before running navigation effects', () => {
    const order: string[] = [];
    const { fake } = ports({ navigate: () => order.push('navigate') });
    const store = createSessionStore({ status: 'signedIn', session, photoUrl: null }, fake);
    store.subscribe(() => order.push(`state:${store.getState().status}`));
    store.dispatch({ type: 'SESSION_ENDED' });
    expect(order).toEqual(['state:signedOut', 'navigate']);
  });
});
