import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { STORAGE_KEYS, UI_TIMINGS } from '@homecam/shared';
import { shouldRememberPath } from '../stores/session/session-machine';
import { useSession } from './use-session';

/**
 * After each navigation: remember the path for the next sign-in (spec §4), and scroll smoothly to
 * the top after 250 ms (spec §2), once the new page has rendered.
 */
export function usePageEffects() {
  const { pathname, search } = useLocation();
  const signedIn = useSession().status === 'signedIn';

  useEffect(() => {
    if (signedIn && shouldRememberPath(pathname)) localStorage.setItem(STORAGE_KEYS.lastPage, pathname + search);
  }, [pathname, search, signedIn]);

  useEffect(() => {
    const timer = setTimeout(() => window.scrollTo({ top: 0, behavior: 'smooth' }), UI_TIMINGS.scrollAnimationMs);
    return () => clearTimeout(timer);
  }, [pathname]);
}
