import { useTranslation } from 'react-i18next';
import type { PlayerState } from '../../api/live/player-machine';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/Spinner';

/** Codes the player itself raises; the server's are translated as errors.<CODE>. */
const CLIENT_ERRORS: Record<string, string> = {
  CODEC_UNSUPPORTED: 'cameras:player.errors.CODEC_UNSUPPORTED',
  MSE_UNSUPPORTED: 'cameras:player.errors.MSE_UNSUPPORTED',
  PLAYBACK_FAILED: 'cameras:player.errors.PLAYBACK_FAILED',
};

function Message({ title, detail, busy }: { title: string; detail?: string | null; busy?: boolean }) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-video-scrim p-4 text-center text-on-video" data-testid="player-overlay">
      {busy ? <Spinner /> : null}
      <p className="text-sm font-medium">{title}</p>
      {detail ? <p className="max-w-sm text-xs opacity-80">{detail}</p> : null}
    </div>
  );
}

/** What the picture cannot say: connecting, offline with the reason, errors, and the transcoding badge. */
export function PlayerOverlay({ state, userPaused, compact }: { state: PlayerState; userPaused: boolean; compact?: boolean }) {
  const { t } = useTranslation();
  const badge = state.transcoding ? (
    <span
      className={cn(
        'absolute top-2 right-2 max-w-[70%] truncate rounded-md bg-video-scrim font-medium text-on-video',
        compact ? 'px-1.5 py-0.5 text-[0.625rem]' : 'px-2 py-1 text-xs',
      )}
      title={t('cameras:player.transcodedHint')}
      data-testid="player-transcoding"
    >
      {t('cameras:player.transcoded')}
    </span>
  ) : null;

  let message = null;
  switch (state.status) {
    case 'connecting':
      message = <Message busy title={t('cameras:player.connecting')} />;
      break;
    case 'reconnecting':
      message = <Message busy title={t('cameras:player.reconnecting')} />;
      break;
    case 'offline':
      message = <Message title={t('cameras:player.offline')} detail={state.reason} />;
      break;
    case 'error': {
      const code = state.errorCode ?? 'UNKNOWN';
      message = <Message title={t(CLIENT_ERRORS[code] ?? `errors.${code}`)} />;
      break;
    }
    case 'paused':
      message = userPaused ? <Message title={t('cameras:player.paused')} /> : null;
      break;
    case 'playing':
      break;
  }
  return (
    <>
      {message}
      {badge}
    </>
  );
}
