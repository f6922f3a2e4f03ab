import { useTranslation } from 'react-i18next';
import type { FootageState } from '../../api/footage/footage-player';
import { PLAYBACK_RATES, type PlaybackRate } from '../../lib/footage-clock';
import { formatMoment } from '../../lib/time-format';
import { cn } from '../ui/cn';
import { VideoControlButton } from '../ui/VideoControlButton';
import { ExitFullscreenIcon, FullscreenIcon, PauseIcon, PlayIcon } from '../ui/media-icons';
import { FrameBackIcon, FrameForwardIcon, LiveIcon, NextEventIcon, PreviousEventIcon } from '../ui/playback-icons';

export interface PlaybackControlsProps {
  state: FootageState;
  fullscreen: boolean;
  hasPreviousEvent: boolean;
  hasNextEvent: boolean;
  onTogglePlay: () => void;
  onRate: (rate: PlaybackRate) => void;
  onFrame: (direction: 1 | -1) => void;
  onEvent: (direction: 1 | -1) => void;
  onLive?: () => void;
  onToggleFullscreen: () => void;
}

/**
 * The recorded player's bar: play/pause, previous/next event, a frame back/forward, speed 1×–8×, the picture's
 * time, back to live, fullscreen. On a phone the time moves to its own line above the buttons.
 */
export function PlaybackControls(props: PlaybackControlsProps) {
  const { t, i18n } = useTranslation();
  const { state } = props;
  const playing = state.status === 'playing' || (state.status === 'loading' && state.position !== null);
  const ready = state.covered !== null;
  return (
    <div className="absolute inset-x-0 bottom-0 flex flex-wrap items-center gap-x-1 bg-linear-to-t from-video-scrim to-transparent px-2 pt-6 pb-1.5">
      <span className="w-full text-xs tabular-nums text-on-video sm:order-last sm:ml-auto sm:w-auto" data-testid="playback-time">
        {state.position !== null ? formatMoment(state.position, i18n.language) : ''}
      </span>
      <VideoControlButton label={playing ? t('cameras:player.pause') : t('cameras:player.play')} onClick={props.onTogglePlay} testId="playback-play" disabled={!ready}>
        {playing ? <PauseIcon /> : <PlayIcon />}
      </VideoControlButton>
      <VideoControlButton label={t('history:player.previousEvent')} onClick={() => props.onEvent(-1)} testId="playback-previous-event" disabled={!props.hasPreviousEvent}>
        <PreviousEventIcon />
      </VideoControlButton>
      <VideoControlButton label={t('history:player.frameBack')} onClick={() => props.onFrame(-1)} testId="playback-frame-back" disabled={!ready}>
        <FrameBackIcon />
      </VideoControlButton>
      <VideoControlButton label={t('history:player.frameForward')} onClick={() => props.onFrame(1)} testId="playback-frame-forward" disabled={!ready}>
        <FrameForwardIcon />
      </VideoControlButton>
      <VideoControlButton label={t('history:player.nextEvent')} onClick={() => props.onEvent(1)} testId="playback-next-event" disabled={!props.hasNextEvent}>
        <NextEventIcon />
      </VideoControlButton>
      <div role="group" aria-label={t('history:player.speed')} className="ml-1 flex rounded-md bg-video-scrim p-0.5" data-testid="playback-speed">
        {PLAYBACK_RATES.map((rate) => (
          <button
            key={rate}
            type="button"
            aria-pressed={state.rate === rate}
            onClick={() => props.onRate(rate)}
            className={cn('h-8 min-w-8 rounded px-1 text-xs font-semibold tabular-nums', state.rate === rate ? 'bg-primary text-primary-foreground' : 'text-on-video')}
            data-testid={`playback-rate-${rate}`}
          >
            {rate}×
          </button>
        ))}
      </div>
      <span className="flex-1 sm:hidden" />
      {props.onLive ? (
        <button type="button" onClick={props.onLive} className="ml-1 inline-flex h-8 items-center gap-1 rounded-md bg-danger px-2 text-xs font-semibold text-on-status" data-testid="playback-live">
          <LiveIcon width={16} height={16} /> {t('history:player.backToLive')}
        </button>
      ) : null}
      <VideoControlButton label={props.fullscreen ? t('cameras:player.exitFullscreen') : t('cameras:player.fullscreen')} onClick={props.onToggleFullscreen} testId="playback-fullscreen">
        {props.fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
      </VideoControlButton>
    </div>
  );
}
