import { useEffect, useRef, useState } from 'react';

/**
 * Fullscreen for the element behind `ref`. Where elements cannot go fullscreen (iPhone Safari) a video inside
 * it can: `fallbackVideo` is used then.
 */
export function useFullscreen<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const update = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);

  function toggle(fallbackVideo?: HTMLVideoElement | null) {
    const element = ref.current;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else if (element && typeof element.requestFullscreen === 'function') void element.requestFullscreen().catch(() => undefined);
    else if (fallbackVideo && 'webkitEnterFullscreen' in fallbackVideo && typeof fallbackVideo.webkitEnterFullscreen === 'function') {
      (fallbackVideo.webkitEnterFullscreen as () => void).call(fallbackVideo);
    }
  }

  return { ref, fullscreen, toggle };
}
