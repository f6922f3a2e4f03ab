import { UI_TIMINGS, type SessionUser } from '@homecam/shared';
import { canAccess, findRoute, ROUTES, SIDEBAR_MAIN } from '../../routing/route-table';
import { photoUrl, type StoredSession } from './stored-session';

/**
 * The session of spec §4 as a pure state machine: `transition` takes the state and an event and returns
 * the next state plus the side effects to run (storage, socket, logout call, navigation). The store in
 * session-store.ts runs the effects; this file does no I/O, so every rule is unit-tested.
 */
export type SessionState =
  | { status: 'signedOut' }
  | { status: 'signedIn'; session: StoredSession; photoUrl: string | null };

export type SessionEvent =
  /** The login call succeeded. `now` versions the avatar URL. */
  | { type: 'LOGGED_IN'; session: StoredSession; lastPage: string | null; now: number }
  | { type: 'LOGIN_FAILED' }
  /** The navigation check (GET /api/auth/check) answered with the current user. */
  | { type: 'CHECK_SUCCEEDED'; user: SessionUser; now: number }
  | { type: 'CHECK_FAILED' }
  /** The user changed its own account (credentials, photo, session timer). */
  | { type: 'USER_UPDATED'; user: SessionUser; now: number }
  | { type: 'LOGOUT_REQUESTED' }
  /** The server ended the session: socket `sessionEnded`, or a 401 on an ordinary call. */
  | { type: 'SESSION_ENDED' };

export type SessionEffect =
  | { type: 'persistSession'; session: StoredSession; photoUrl: string | null }
  | { type: 'clearStoredSession' }
  | { type: 'connectSocket'; token: string }
  | { type: 'disconnectSocket' }
  | { type: 'callLogout'; token: string }
  | { type: 'navigate'; to: string; delayMs: number };

export interface Transition {
  state: SessionState;
  effects: SessionEffect[];
}

export const SIGNED_OUT: SessionState = { status: 'signedOut' };

export function initialSessionState(session: StoredSession | null, storedPhotoUrl: string | null): SessionState {
  return session ? { status: 'signedIn', session, photoUrl: storedPhotoUrl } : SIGNED_OUT;
}

export function currentUser(state: SessionState): SessionUser | null {
  return state.status === 'signedIn' ? state.session.user : null;
}

/** Pages that make no sense to return to after signing in. */
const NOT_REMEMBERED = new Set(['login', 'start', 'not-found']);

export function shouldRememberPath(pathname: string): boolean {
  return !NOT_REMEMBERED.has(findRoute(pathname).key);
}

/**
 * Where a fresh sign-in lands: /start while the credentials must change, else the stored last page,
 * else the dashboard, or for a user who may not open it the first main screen they may open (a
 * permission toast right after signing in would only confuse), else the account page.
 */
export function landingPath(user: SessionUser, lastPage: string | null): string {
  if (user.mustChangeCredentials) return ROUTES.start.path;
  if (user.secondFactorEnrolmentDue === true) return ROUTES.enrol.path;
  // Only a same-origin path: '//host/…' would leave the app.
  if (lastPage && lastPage.startsWith('/') && !lastPage.startsWith('//') && shouldRememberPath(new URL(lastPage, 'http://x').pathname)) {
    return lastPage;
  }
  const home = SIDEBAR_MAIN.find((key) => canAccess(ROUTES[key].access, user));
  return home ? ROUTES[home].path : ROUTES['settings-account'].path;
}

/** The socket refuses a session that still owes the credential change, so it waits until then. */
function socketEffects(session: StoredSession): SessionEffect[] {
  return session.user.mustChangeCredentials || session.user.secondFactorEnrolmentDue === true
    ? [{ type: 'disconnectSocket' }]
    : [{ type: 'connectSocket', token: session.access_token }];
}

function withUser(state: SessionState, user: SessionUser, now: number): Transition {
  if (state.status !== 'signedIn') return { state, effects: [] };
  const photoChanged = user.photo !== state.session.user.photo || state.photoUrl === null;
  const nextPhotoUrl = photoChanged ? photoUrl(user.photo, now) : state.photoUrl;
  const session = { ...state.session, user };
  return {
    state: { status: 'signedIn', session, photoUrl: nextPhotoUrl },
    effects: [{ type: 'persistSession', session, photoUrl: nextPhotoUrl }, ...socketEffects(session)],
  };
}

function signedOut(...extra: SessionEffect[]): Transition {
  return { state: SIGNED_OUT, effects: [{ type: 'disconnectSocket' }, { type: 'clearStoredSession' }, ...extra] };
}

export function transition(state: SessionState, event: SessionEvent): Transition {
  switch (event.type) {
    case 'LOGGED_IN': {
      const nextPhotoUrl = photoUrl(event.session.user.photo, event.now);
      return {
        state: { status: 'signedIn', session: event.session, photoUrl: nextPhotoUrl },
        effects: [
          { type: 'persistSession', session: event.session, photoUrl: nextPhotoUrl },
          ...socketEffects(event.session),
          { type: 'navigate', to: landingPath(event.session.user, event.lastPage), delayMs: 0 },
        ],
      };
    }
    case 'LOGIN_FAILED':
      return signedOut();
    case 'CHECK_SUCCEEDED':
    case 'USER_UPDATED':
      return withUser(state, event.user, event.now);
    case 'CHECK_FAILED':
      return signedOut({ type: 'navigate', to: ROUTES.login.path, delayMs: UI_TIMINGS.logoutRedirectDelayMs });
    case 'LOGOUT_REQUESTED': {
      // The logout call carries the token, so it is taken before the session is forgotten.
      const logout: SessionEffect[] =
        state.status === 'signedIn' ? [{ type: 'callLogout', token: state.session.access_token }] : [];
      return signedOut(...logout, { type: 'navigate', to: ROUTES.login.path, delayMs: 0 });
    }
    case 'SESSION_ENDED':
      if (state.status === 'signedOut') return { state, effects: [] };
      return signedOut({ type: 'navigate', to: ROUTES.login.path, delayMs: 0 });
  }
}
