import { useTranslation } from 'react-i18next';
import type { PlayerState } from '../../api/live/player-machine';
import { cn } from '../ui/cn';

const FALLBACKS = ['DISABLED', 'CODEC', 'B_FRAMES', 'NEGOTIATION', 'ICE_FAILED', 'NO_FRAME'];

/** Which transport carries the picture ("WebRTC" / "MSE"); on MSE after a fallback the tooltip says why. */
export function TransportBadge({ state, compact }: { state: PlayerState; compact?: boolean }) {
  const { t } = useTranslation();
  if (!state.transport || state.status !== 'playing') return null;
  const reason = state.transport === 'mse' && state.fallback && FALLBACKS.includes(state.fallback) ? t(`cameras:player.fallback.${state.fallback}`) : null;
  const hint = state.transport === 'webrtc' ? t('cameras:player.transport.webrtcHint') : t('cameras:player.transport.mseHint');
  return (
    <span
      className={cn(
        'absolute top-2 left-2 rounded-md bg-video-scrim font-medium text-on-video opacity-80',
        compact ? 'px-1.5 py-0.5 text-[0.625rem]' : 'px-2 py-1 text-xs',
      )}
      title={reason ? `${hint}: ${reason}` : hint}
      data-testid="player-transport"
      data-fallback={state.fallback ?? undefined}
    >
      {state.transport === 'webrtc' ? t('cameras:player.transport.webrtc') : t('cameras:player.transport.mse')}
    </span>
  );
}
