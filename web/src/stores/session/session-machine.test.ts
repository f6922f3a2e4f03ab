import { describe, expect, it } from 'vitest';
import type { LoginResponse, Permission, SessionUser } from '@homecam/shared';
import { initialSessionState, landingPath, shouldRememberPath, SIGNED_OUT, transition, type SessionState } from './session-machine';

const user = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  id: 1,
  username: 'alice',
  sessionTimer: 14_400,
  permissionLevel: ['admin'],
  photo: null,
  mustChangeCredentials: false,
  ...overrides,
});

const session = (overrides: Partial<SessionUser> = {}): LoginResponse => ({
  access_token: 'token-1',
  token_type: 'Bearer',
  expires_in: 14_400,
  expires_at: '2030-01-01T00:00:00.000Z',
  user: user(overrides),
});

const signedIn = (overrides: Partial<SessionUser> = {}, photoUrl: string | null = null): SessionState => ({
  status: 'signedIn',
  session: session(overrides),
  photoUrl,
});

describe('initial state', () => {
  it('is signed out without a stored session and signed in with one', () => {
    expect(initialSessionState(null, null)).toEqual(SIGNED_OUT);
    expect(initialSessionState(session(), '/files/a.png?r=1')).toEqual(signedIn({}, '/files/a.png?r=1'));
  });
});

describe('login', () => {
  it('stores the session, connects the socket and goes to the last page', () => {
    const result = transition(SIGNED_OUT, { type: 'LOGGED_IN', session: session({ photo: 'p.png' }), lastPage: '/recordings', now: 42 });
    expect(result.state).toEqual(signedIn({ photo: 'p.png' }, '/files/p.png?r=42'));
    expect(result.effects).toEqual([
      { type: 'persistSession', session: session({ photo: 'p.png' }), photoUrl: '/files/p.png?r=42' },
      { type: 'connectSocket', token: 'token-1' },
      { type: 'navigate', to: '/recordings', delayMs: 0 },
    ]);
  });

  it('sends an account that must change its credentials to /start, without a socket (the server refuses it)', () => {
    const result = transition(SIGNED_OUT, {
      type: 'LOGGED_IN',
      session: session({ mustChangeCredentials: true }),
      lastPage: '/recordings',
      now: 1,
    });
    expect(result.effects).toContainEqual({ type: 'navigate', to: '/start', delayMs: 0 });
    expect(result.effects).not.toContainEqual(expect.objectContaining({ type: 'connectSocket' }));
  });

  it('treats no_img.png as no photo', () => {
    const result = transition(SIGNED_OUT, { type: 'LOGGED_IN', session: session({ photo: 'no_img.png' }), lastPage: null, now: 1 });
    expect(result.state).toMatchObject({ photoUrl: null });
  });

  it('clears user, photo and last page when the login fails', () => {
    const result = transition(SIGNED_OUT, { type: 'LOGIN_FAILED' });
    expect(result.state).toEqual(SIGNED_OUT);
    expect(result.effects).toContainEqual({ type: 'clearStoredSession' });
  });
});

describe('landing page after sign-in', () => {
  it('prefers the stored last page', () => {
    expect(landingPath(user(), '/settings/appearance')).toBe('/settings/appearance');
  });

  it('ignores a last page that is the login, /start, a 404 or not a path', () => {
    for (const lastPage of ['/', '/start', '/no/such/page', 'https://evil.example/', '//evil.example/dashboard', null]) {
      expect(landingPath(user(), lastPage)).toBe('/dashboard');
    }
  });

  it('opens the first main screen the user may see when the dashboard is not one of them', () => {
    expect(landingPath(user({ permissionLevel: ['cameras:access'] }), null)).toBe('/cameras');
    expect(landingPath(user({ permissionLevel: ['backup:download'] as Permission[] }), null)).toBe('/settings/account');
  });
});

describe('session check on navigation', () => {
  it('keeps the session fresh with the user the server returned', () => {
    const result = transition(signedIn(), { type: 'CHECK_SUCCEEDED', user: user({ username: 'renamed' }), now: 5 });
    expect(result.state).toMatchObject({ status: 'signedIn', session: { user: { username: 'renamed' } } });
    expect(result.effects).toContainEqual({ type: 'connectSocket', token: 'token-1' });
  });

  it('keeps the avatar URL while the photo is unchanged, and busts the cache when it changes', () => {
    const before = signedIn({ photo: 'a.png' }, '/files/a.png?r=1');
    expect(transition(before, { type: 'CHECK_SUCCEEDED', user: user({ photo: 'a.png' }), now: 9 }).state).toMatchObject({
      photoUrl: '/files/a.png?r=1',
    });
    expect(transition(before, { type: 'USER_UPDATED', user: user({ photo: 'b.png' }), now: 9 }).state).toMatchObject({
      photoUrl: '/files/b.png?r=9',
    });
  });

  it('signs out on a failed check and goes to / after 200 ms', () => {
    const result = transition(signedIn(), { type: 'CHECK_FAILED' });
    expect(result.state).toEqual(SIGNED_OUT);
    expect(result.effects).toEqual([
      { type: 'disconnectSocket' },
      { type: 'clearStoredSession' },
      { type: 'navigate', to: '/', delayMs: 200 },
    ]);
  });

  it('connects the socket once the first-start account has changed its credentials', () => {
    const result = transition(signedIn({ mustChangeCredentials: true }), { type: 'USER_UPDATED', user: user(), now: 1 });
    expect(result.effects).toContainEqual({ type: 'connectSocket', token: 'token-1' });
  });
});

describe('logout', () => {
  it('calls the server with the token, closes the socket, clears storage and goes to /', () => {
    const result = transition(signedIn(), { type: 'LOGOUT_REQUESTED' });
    expect(result.state).toEqual(SIGNED_OUT);
    expect(result.effects).toEqual([
      { type: 'disconnectSocket' },
      { type: 'clearStoredSession' },
      { type: 'callLogout', token: 'token-1' },
      { type: 'navigate', to: '/', delayMs: 0 },
    ]);
  });

  it('signs out without a server call when the server ended the session', () => {
    const result = transition(signedIn(), { type: 'SESSION_ENDED' });
    expect(result.state).toEqual(SIGNED_OUT);
    expect(result.effects).not.toContainEqual(expect.objectContaining({ type: 'callLogout' }));
    expect(result.effects).toContainEqual({ type: 'navigate', to: '/', delayMs: 0 });
  });

  it('ignores a late session end once signed out', () => {
    expect(transition(SIGNED_OUT, { type: 'SESSION_ENDED' })).toEqual({ state: SIGNED_OUT, effects: [] });
  });
});

describe('last page', () => {
  it('remembers screens but not the login, /start or a 404', () => {
    expect(shouldRememberPath('/settings/account')).toBe(true);
    expect(shouldRememberPath('/cameras/front/feed')).toBe(true);
    expect(shouldRememberPath('/')).toBe(false);
    expect(shouldRememberPath('/start')).toBe(false);
    expect(shouldRememberPath('/nope')).toBe(false);
  });
});
