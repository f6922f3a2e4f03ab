import { RecordedPlayer } from './RecordedPlayer';
import type { PlaybackSession } from './use-playback-session';

/** The recorded player of a playback session, its bar wired to the session (events, speed, frames, live). */
export function SessionPlayer({ session, className, withLive, onLive }: { session: PlaybackSession; className?: string; withLive: boolean; onLive?: () => void }) {
  const { playback } = session;
  return (
    <RecordedPlayer
      camera={session.activeCamera}
      state={playback.state}
      videoRef={playback.videoRef}
      containerRef={playback.containerRef}
      fullscreen={playback.fullscreen}
      onToggleFullscreen={playback.toggleFullscreen}
      hasPreviousEvent={session.hasPreviousEvent}
      hasNextEvent={session.hasNextEvent}
      onTogglePlay={() => playback.player.togglePlay()}
      onRate={(rate) => playback.player.setRate(rate)}
      onFrame={(direction) => playback.player.stepFrame(direction)}
      onEvent={session.jumpEvent}
      onLive={withLive ? session.goLive : onLive}
      className={className}
    />
  );
}
