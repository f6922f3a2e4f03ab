import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  window.addEventListener('scroll', listener, { passive: true });
  return () => window.removeEventListener('scroll', listener);
}

/** Whether the page is scrolled further than `thresholdPx` (the scroll-to-top button, spec §2). */
export function useScrolledPast(thresholdPx: number): boolean {
  return useSyncExternalStore(subscribe, () => window.scrollY > thresholdPx);
}
