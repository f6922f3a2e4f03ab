import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { CameraStreamName } from '@homecam/shared';
import { LiveConnection } from '../api/live/live-connection';
import { earlyPictureFor } from '../api/live/live-early';
import type { SessionStore } from '../stores/session/session-store';
import { useStores } from '../stores/stores-context';
import { useFullscreen } from './use-fullscreen';
import { useOnScreen, usePageVisible } from './use-visibility';

function storedToken(sessionStore: SessionStore): string | null {
  const state = sessionStore.getState();
  return state.status === 'signedIn' ? state.session.access_token : null;
}

/**
 * A live player's plumbing: the socket + MSE connection for one camera, paused while the tab is hidden or
 * the player is off screen, plus audio (muted by default) and fullscreen. The component renders `videoRef` (or,
 * when given, an element with the ref `earlyVideoSlot`, which receives the early picture's <video>) inside
 * `containerRef` and shows `state`. Remount (key) to switch cameras.
 */
export function useLiveStream(camera: string, stream: CameraStreamName = 'main') {
  // A page opened from nothing may show this camera's picture already (early-picture.ts): that <video> becomes ours.
  const [early] = useState(() => earlyPictureFor(camera, stream));
  const videoRef = useRef<HTMLVideoElement>(early?.video ?? null);
  /** Where the component puts the early picture's <video> instead of rendering its own (null: it renders its own). */
  const adoptEarly = useCallback(
    (slot: HTMLElement | null): void => {
      if (slot) early?.adoptInto(slot);
    },
    [early],
  );
  const { ref: containerRef, fullscreen, toggle: toggleFullscreen } = useFullscreen<HTMLDivElement>();
  const { sessionStore } = useStores();
  const [connection] = useState(() => new LiveConnection({ camera, stream, getToken: () => storedToken(sessionStore) }));
  const state = useSyncExternalStore(connection.subscribe, connection.getState);
  const [muted, setMuted] = useState(true);
  const [userPaused, setUserPaused] = useState(false);
  const visible = usePageVisible();
  const onScreen = useOnScreen(containerRef);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    connection.start(video);
    return () => connection.stop();
  }, [connection]);

  useEffect(() => connection.setPaused('hidden', !visible), [connection, visible]);
  useEffect(() => connection.setPaused('offscreen', !onScreen), [connection, onScreen]);
  useEffect(() => connection.setPaused('user', userPaused), [connection, userPaused]);

  useEffect(() => {
    if (videoRef.current) videoRef.current.muted = muted;
  }, [muted]);

  return {
    videoRef,
    earlyVideoSlot: early ? adoptEarly : null,
    containerRef,
    state,
    muted,
    paused: userPaused,
    fullscreen,
    /** The live socket, for press to talk (TalkButton). */
    liveLink: connection.liveLink,
    hasAudio: state.transport === 'webrtc' ? state.audio : (state.mimeType?.includes('mp4a') ?? false),
    togglePlay: () => setUserPaused((paused) => !paused),
    toggleMuted: () => setMuted((value) => !value),
    toggleFullscreen: () => toggleFullscreen(videoRef.current),
    reload: () => {
      setUserPaused(false);
      connection.reload();
    },
  };
}
