import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { FootagePlayer } from '../api/footage/footage-player';
import { useFullscreen } from './use-fullscreen';
import { useHttp } from './use-http';

/**
 * A recorded-footage player for `camera` (a new one when the camera changes): its state for React, a callback ref
 * for the <video> (which may mount later, e.g. when the camera page leaves live view; a playFrom() before that waits
 * for it), and fullscreen. The caller decides when to play from where (`player.playFrom`).
 */
export function useFootagePlayer(camera: string) {
  const http = useHttp();
  const player = useMemo(() => new FootagePlayer({ camera, getToken: () => http.token() }), [camera, http]);
  const state = useSyncExternalStore(player.subscribe, player.getState);
  const { ref: containerRef, fullscreen, toggle } = useFullscreen<HTMLDivElement>();
  const video = useRef<HTMLVideoElement | null>(null);
  const videoRef = useCallback(
    (element: HTMLVideoElement | null) => {
      video.current = element;
      if (!element) return;
      player.attach(element);
      return () => player.detach();
    },
    [player],
  );
  return { player, state, videoRef, containerRef, fullscreen, toggleFullscreen: () => toggle(video.current) };
}
