import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useTalk, type LiveLinkSource } from '../../hooks/use-talk';
import { cn } from '../ui/cn';
import { MicIcon } from '../ui/media-icons';

const KEYS = new Set([' ', 'Enter']);

/**
 * Press to talk (issue 22): held with the mouse, a finger or Space/Enter, the microphone goes to the camera's
 * speaker; shown only for a camera whose backchannel the server found. A refused microphone, a busy camera (someone
 * else is talking) or a backchannel that would not open is said, translated, next to the button.
 */
export function TalkButton({ camera, liveLink }: { camera: string; liveLink: LiveLinkSource }) {
  const { t } = useTranslation();
  const { available, state, press, release } = useTalk(camera, liveLink);
  if (!available) return null;
  const onKey = (event: KeyboardEvent, down: boolean): void => {
    if (!KEYS.has(event.key)) return;
    event.preventDefault();
    if (down && !event.repeat) press();
    else if (!down) release();
  };
  const talking = state.status === 'talking';
  const label = talking ? t('cameras:talk.talking') : state.status === 'starting' ? t('cameras:talk.starting') : t('cameras:talk.hold');
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-14 flex flex-col items-center gap-1 px-2">
      {state.status === 'error' && state.error ? (
        <p role="alert" className="rounded-md bg-video-scrim px-2 py-1 text-center text-xs text-on-video" data-testid="talk-error" data-code={state.error}>
          {t(`cameras:talk.errors.${state.error}`, { defaultValue: t('cameras:talk.errors.TALK_UNAVAILABLE') })}
        </p>
      ) : null}
      <button
        type="button"
        aria-pressed={talking}
        aria-label={t('cameras:talk.hold')}
        title={t('cameras:talk.hint')}
        data-testid="talk-button"
        data-state={state.status}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture?.(event.pointerId);
          press();
        }}
        onPointerUp={release}
        onPointerCancel={release}
        onLostPointerCapture={release}
        onKeyDown={(event) => onKey(event, true)}
        onKeyUp={(event) => onKey(event, false)}
        onBlur={release}
        onContextMenu={(event) => event.preventDefault()}
        className={cn(
          'pointer-events-auto inline-flex touch-none items-center gap-2 rounded-full px-4 py-2 text-sm font-medium select-none',
          'focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none',
          talking ? 'bg-danger text-white' : 'bg-video-scrim text-on-video hover:bg-black/70',
        )}
      >
        <MicIcon width={18} height={18} />
        <span>{label}</span>
      </button>
    </div>
  );
}
