import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { STORAGE_KEYS, UI_TIMINGS } from '@homecam/shared';
import { releaseEarlyLive } from '../api/live/live-early';
import { shouldRememberPath } from '../stores/session/session-machine';
import { useSession } from './use-session';

/**
 * After each navigation: remember the path for the next sign-in (spec §4), scroll smoothly to the top after 250 ms
 * (spec §2), once the new page has rendered, and drop the early picture of a camera page the app did not stay on.
 */
export function usePageEffects() {
  const { pathname, search } = useLocation();
  const signedIn = useSession().status === 'signedIn';

  useEffect(() => {
    if (signedIn && shouldRememberPath(pathname)) localStorage.setItem(STORAGE_KEYS.lastPage, pathname + search);
  }, [pathname, search, signedIn]);

  useEffect(() => releaseEarlyLive(pathname), [pathname]);

  useEffect(() => {
    const timer = setTimeout(() => window.scrollTo({ top: 0, behavior: 'smooth' }), UI_TIMINGS.scrollAnimationMs);
    return () => clearTimeout(timer);
  }, [pathname]);
}
