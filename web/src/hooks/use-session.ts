import { useSyncExternalStore } from 'react';
import type { SessionUser } from '@homecam/shared';
import { currentUser, type SessionState } from '../stores/session/session-machine';
import { useStores } from '../stores/stores-context';

export function useSession(): SessionState {
  const { sessionStore } = useStores();
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
  const { sessionStore } = useStores();
  return {
    logout: () => sessionStore.dispatch({ type: 'LOGOUT_REQUESTED' }),
    userUpdated: (user: SessionUser) => sessionStore.dispatch({ type: 'USER_UPDATED', user, now: Date.now() }),
  };
}
