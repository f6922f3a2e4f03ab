import { useEffect, useState } from 'react';
import { UI_TIMINGS } from '@homecam/shared';

/** The loading splash shows for about 2.25 s at start (spec §2, §9). */
export function useSplash(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), UI_TIMINGS.loaderDelayMs);
    return () => clearTimeout(timer);
  }, []);
  return visible;
}
