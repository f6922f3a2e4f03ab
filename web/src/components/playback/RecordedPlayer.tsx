import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { FootageState } from '../../api/footage/footage-player';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/Spinner';
import { PlaybackControls, type PlaybackControlsProps } from './PlaybackControls';

export interface RecordedPlayerProps extends Omit<PlaybackControlsProps, 'state' | 'fullscreen' | 'onToggleFullscreen'> {
  camera: string;
  state: FootageState;
  videoRef: Ref<HTMLVideoElement>;
  containerRef: Ref<HTMLDivElement>;
  fullscreen: boolean;
  onToggleFullscreen: () => void;
  className?: string;
}

/** What the overlay says for a state, or null when the picture speaks for itself. */
function overlayText(t: (key: string) => string, state: FootageState): string | null {
  if (state.status === 'noFootage') return t('history:player.noFootage');
  if (state.status === 'ended') return t('history:player.ended');
  if (state.status === 'error') return t(`history:player.errors.${state.error ?? 'network'}`);
  if (state.status === 'idle') return t('history:player.pickTime');
  return null;
}

/** Recorded footage of a camera: the <video> hls.js plays into, a state overlay and the playback bar. */
export function RecordedPlayer({ camera, state, videoRef, containerRef, className, ...controls }: RecordedPlayerProps) {
  const { t } = useTranslation();
  const text = overlayText(t, state);
  return (
    <div
      ref={containerRef}
      className={cn('relative overflow-hidden bg-video', className)}
      data-testid="recorded-player"
      data-camera={camera}
      data-status={state.status}
      data-position={state.position === null ? undefined : Math.round(state.position)}
      data-rate={state.rate}
    >
      <video ref={videoRef} className="h-full w-full object-contain" muted playsInline disablePictureInPicture data-testid="recorded-video" />
      {state.status === 'loading' ? (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center text-on-video">
          <Spinner />
        </div>
      ) : null}
      {text ? (
        <div className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-on-video" role={state.status === 'error' ? 'alert' : 'status'} data-testid="recorded-player-message">
          {text}
        </div>
      ) : null}
      <PlaybackControls state={state} {...controls} />
    </div>
  );
}
