import { useEffect, useState } from 'react';
import { UI_TIMINGS } from '@homecam/shared';

/**
 * The loading splash shows for about 2.25 s at start (spec §2, §9), unless `skip`: a camera page opened from
 * nothing already shows the camera's picture (api/live/early-picture.ts), which is what the user came for; a splash
 * over it would hide the picture for two seconds.
 */
export function useSplash(skip = false): boolean {
  const [visible, setVisible] = useState(!skip);
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setVisible(false), UI_TIMINGS.loaderDelayMs);
    return () => clearTimeout(timer);
  }, [visible]);
  return visible;
}
