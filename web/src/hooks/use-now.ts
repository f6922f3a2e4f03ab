import { useEffect, useState } from 'react';

/** The wall clock, advanced every `everyMs` (the timeline's "now" and its bounds move with it). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
