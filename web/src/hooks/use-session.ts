import { useSyncExternalStore } from 'react';
import type { SessionUser } from '@homecam/shared';
import { sessionStore } from '../app/runtime';
import { currentUser, type SessionState } from '../app/session/session-machine';

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState);
}

/** The signed-in user, or null (signed out, or in the moment between sign-out and the redirect). */
export function useCurrentUser(): SessionUser | null {
  return currentUser(useSession());
}

/** The avatar URL with its cache-buster, or null for "show the default avatar". */
export function useUserPhotoUrl(): string | null {
  const state = useSession();
  return state.status === 'signedIn' ? state.photoUrl : null;
}

export function useSessionActions() {
  return {
    logout: () => sessionStore.dispatch({ type: 'LOGOUT_REQUESTED' }),
    userUpdated: (user: SessionUser) => sessionStore.dispatch({ type: 'USER_UPDATED', user, now: Date.now() }),
  };
}
