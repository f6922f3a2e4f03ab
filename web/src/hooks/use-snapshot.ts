import { useEffect, useRef, useState } from 'react';
import { snapshotUrl } from '../api/cameras-api';
import { useOnScreen, usePageVisible } from './use-visibility';

/**
 * The snapshot URL of a camera, renewed every `intervalSeconds` while the tab is visible and the image on
 * screen (no refreshes for hidden tabs or tiles scrolled away). Attach `ref` to the image's container.
 */
export function useSnapshot(name: string, intervalSeconds: number, width?: number) {
  const ref = useRef<HTMLDivElement>(null);
  const visible = usePageVisible();
  const onScreen = useOnScreen(ref);
  const active = visible && onScreen;
  const [timestamp, setTimestamp] = useState(() => Date.now());

  useEffect(() => {
    if (!active) return;
    const period = Math.max(1, intervalSeconds) * 1000;
    const timer = setInterval(() => setTimestamp(Date.now()), period);
    return () => clearInterval(timer);
  }, [active, intervalSeconds]);

  return { ref, url: snapshotUrl(name, timestamp, width) };
}
