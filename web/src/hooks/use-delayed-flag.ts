import { useEffect, useState } from 'react';

/**
 * True once `active` has been true for `delayMs`; false again as soon as it is not.
 * The sidebar uses it to show its full content only after it has opened (spec §4: 200 ms).
 */
export function useDelayedFlag(active: boolean, delayMs: number): boolean {
  const [reached, setReached] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setReached(true), delayMs);
    return () => {
      clearTimeout(timer);
      setReached(false);
    };
  }, [active, delayMs]);
  return active && reached;
}
