import { useTranslation } from 'react-i18next';
import { cn } from '../ui/cn';
import { VideoControlButton } from '../ui/VideoControlButton';
import { ExitFullscreenIcon, FullscreenIcon, MutedIcon, PauseIcon, PlayIcon, ReloadIcon, VolumeIcon } from '../ui/media-icons';

export interface PlayerControlsProps {
  paused: boolean;
  muted: boolean;
  hasAudio: boolean;
  fullscreen: boolean;
  /** Smaller buttons, and room at the right for a camview tile's resize corner. */
  compact?: boolean;
  onTogglePlay: () => void;
  onReload: () => void;
  onToggleMuted: () => void;
  onToggleFullscreen: () => void;
}

/** Play/pause, reload, sound (muted by default), fullscreen: a bar over the bottom of the picture. */
export function PlayerControls(props: PlayerControlsProps) {
  const { t } = useTranslation();
  const { compact } = props;
  return (
    <div
      className={cn(
        'absolute inset-x-0 bottom-0 flex items-center gap-1 bg-linear-to-t from-video-scrim to-transparent pt-6 pb-1.5 pl-2',
        compact ? 'pr-8' : 'pr-2',
      )}
    >
      <VideoControlButton
        label={props.paused ? t('cameras:player.play') : t('cameras:player.pause')}
        onClick={props.onTogglePlay}
        testId="player-play"
        compact={compact}
      >
        {props.paused ? <PlayIcon /> : <PauseIcon />}
      </VideoControlButton>
      <VideoControlButton label={t('cameras:player.reload')} onClick={props.onReload} testId="player-reload" compact={compact}>
        <ReloadIcon />
      </VideoControlButton>
      <VideoControlButton
        label={props.muted ? t('cameras:player.unmute') : t('cameras:player.mute')}
        onClick={props.onToggleMuted}
        testId="player-audio"
        compact={compact}
        disabled={!props.hasAudio}
      >
        {props.muted ? <MutedIcon /> : <VolumeIcon />}
      </VideoControlButton>
      <span className="flex-1" />
      <VideoControlButton
        label={props.fullscreen ? t('cameras:player.exitFullscreen') : t('cameras:player.fullscreen')}
        onClick={props.onToggleFullscreen}
        testId="player-fullscreen"
        compact={compact}
      >
        {props.fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
      </VideoControlButton>
    </div>
  );
}
