import type { CameraStreamName } from '@homecam/shared';
import { useLiveStream } from '../../hooks/use-live-stream';
import { LIVE_VIDEO } from '../../lib/live-video';
import { cn } from '../ui/cn';
import { PlayerControls } from './PlayerControls';
import { PlayerOverlay } from './PlayerOverlay';
import { TalkButton } from './TalkButton';
import { TransportBadge } from './TransportBadge';

export interface LivePlayerProps {
  camera: string;
  /** Main (default) or sub stream. Remount (key) to switch. */
  stream?: CameraStreamName;
  /** Smaller controls (camview tiles). */
  compact?: boolean;
  className?: string;
  /** The talk button, for a camera whose backchannel the server found (the camera's own page). */
  talk?: boolean;
}

/**
 * The live picture of a camera: <video> fed by WebRTC or, as fallback, Media Source Extensions (useLiveStream),
 * a state overlay, the transport badge and the controls. Sized by its parent (className); the picture keeps its aspect ratio inside.
 */
export function LivePlayer({ camera, stream = 'main', compact, className, talk }: LivePlayerProps) {
  const { videoRef, earlyVideoSlot, containerRef, state, paused, muted, hasAudio, fullscreen, liveLink, togglePlay, reload, toggleMuted, toggleFullscreen } =
    useLiveStream(camera, stream);
  return (
    <div
      ref={containerRef}
      className={cn('relative overflow-hidden bg-video', className)}
      data-testid="live-player"
      data-camera={camera}
      data-stream={stream}
      data-state={state.status}
      data-transport={state.transport ?? undefined}
    >
      {earlyVideoSlot ? (
        // The picture the page's first script already plays (made with LIVE_VIDEO, like the element below)
        <div ref={earlyVideoSlot} className="contents" />
      ) : (
        <video ref={videoRef} className={LIVE_VIDEO.className} muted autoPlay playsInline disablePictureInPicture data-testid={LIVE_VIDEO.testId} />
      )}
      <PlayerOverlay state={state} userPaused={paused} compact={compact} />
      <TransportBadge state={state} compact={compact} />
      <PlayerControls
        compact={compact}
        paused={paused}
        muted={muted}
        hasAudio={hasAudio}
        fullscreen={fullscreen}
        onTogglePlay={togglePlay}
        onReload={reload}
        onToggleMuted={toggleMuted}
        onToggleFullscreen={toggleFullscreen}
      />
      {talk && !compact ? <TalkButton camera={camera} liveLink={liveLink} transport={state.transport} /> : null}
    </div>
  );
}
