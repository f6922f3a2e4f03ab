import { redirect, type LoaderFunctionArgs } from 'react-router';
import { STORAGE_KEYS } from '@homecam/shared';
import { isAbortError } from '../../lib/api-error';
import { checkSession } from '../../api/auth-api';
import type { HttpClient } from '../../api/http-client';
import { findRoute } from '../../routing/route-table';
import type { i18n as I18n } from 'i18next';
import type { SessionStore } from '../../stores/session/session-store';
import type { ToastStore } from '../../stores/toast/toast-store';
import { currentUser } from '../../stores/session/session-machine';
import { decideNavigation } from './navigation-decision';

/** Resolves once the navigation is superseded (here: by the machine's delayed redirect to /). */
function untilAborted(signal: AbortSignal): Promise<null> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(null);
    else signal.addEventListener('abort', () => resolve(null), { once: true });
  });
}

export interface NavigationGuardDeps {
  i18n: I18n;
  http: HttpClient;
  sessionStore: SessionStore;
  toastStore: ToastStore;
  storage: Pick<Storage, 'getItem'>;
}

/**
 * Runs before every navigation (the root route's loader, revalidated each time), like the original's
 * router hook: with a token it first asks GET /api/auth/check; a failed check signs out and goes to /
 * after 200 ms (the session machine schedules that). Then the route's access rule decides.
 */
export function createNavigationGuard({ i18n, http, sessionStore, toastStore, storage }: NavigationGuardDeps) {
  return async function navigationGuard({ request }: LoaderFunctionArgs): Promise<Response | null> {
    const route = findRoute(new URL(request.url).pathname);

    if (sessionStore.getState().status === 'signedIn') {
      try {
        const { user } = await checkSession(http, request.signal);
        sessionStore.dispatch({ type: 'CHECK_SUCCEEDED', user, now: Date.now() });
      } catch (error) {
        if (isAbortError(error) || request.signal.aborted) return null;
        sessionStore.dispatch({ type: 'CHECK_FAILED' });
        // Keep the current screen until the scheduled redirect replaces this navigation.
        return untilAborted(request.signal);
      }
    }

    const decision = decideNavigation(route, currentUser(sessionStore.getState()), storage.getItem(STORAGE_KEYS.lastPage));
    switch (decision.kind) {
      case 'allow':
        return null;
      case 'redirect':
        return redirect(decision.to);
      case 'deny':
        toastStore.show('error', i18n.t('guard.permissionRequired', { route: i18n.t(decision.titleKey) }));
        return redirect(decision.to);
    }
  };
}
