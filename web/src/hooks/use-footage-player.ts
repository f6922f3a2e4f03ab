import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { FootagePlayer } from '../api/footage/footage-player';
import { currentToken } from '../api/http-client';
import { useFullscreen } from './use-fullscreen';

/**
 * A recorded-footage player's plumbing for one camera (remount with a key to switch): the FootagePlayer on the
 * rendered <video>, its state for React, and fullscreen. The caller decides when to play from where.
 */
export function useFootagePlayer(camera: string) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const { ref: containerRef, fullscreen, toggle: toggleFullscreen } = useFullscreen<HTMLDivElement>();
  const [player] = useState(() => new FootagePlayer({ camera, getToken: currentToken }));
  const state = useSyncExternalStore(player.subscribe, player.getState);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    player.attach(video);
    return () => player.detach();
  }, [player]);

  return { videoRef, containerRef, state, player, fullscreen, toggleFullscreen: () => toggleFullscreen(videoRef.current) };
}
