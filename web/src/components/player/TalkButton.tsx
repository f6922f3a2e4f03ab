import type { LiveTransport } from '@homecam/shared';
import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useTalk, type LiveLinkSource } from '../../hooks/use-talk';
import { cn } from '../ui/cn';
import { MicIcon } from '../ui/media-icons';

const KEYS = new Set([' ', 'Enter']);

/**
 * Press to talk (issue 22): held with the mouse, a finger or Space/Enter, the microphone goes to the camera's
 * speaker; shown only for a camera whose backchannel the server found. A refused microphone, a busy camera (someone
 * else is talking) or a backchannel that would not open is said, translated, next to the button. The microphone rides
 * the WebRTC peer: on a view that plays over MSE the button stays, disabled, and says that talking needs WebRTC.
 */
export function TalkButton({ camera, liveLink, transport }: { camera: string; liveLink: LiveLinkSource; transport: LiveTransport | null }) {
  const { t } = useTranslation();
  const { available, needsWebrtc, state, press, release } = useTalk(camera, liveLink, transport);
  if (!available) return null;
  if (needsWebrtc) return <TalkNeedsWebrtc />;
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

/** The camera could talk, but not over this view's MSE: disabled, the reason as its label and tooltip. */
function TalkNeedsWebrtc() {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-14 flex flex-col items-center gap-1 px-2">
      <button
        type="button"
        disabled
        aria-describedby={hintId}
        title={t('cameras:talk.needsWebrtcHint')}
        data-testid="talk-button"
        data-state="unavailable"
        data-reason="NEEDS_WEBRTC"
        className="pointer-events-auto inline-flex cursor-not-allowed items-center gap-2 rounded-full bg-video-scrim px-4 py-2 text-sm font-medium text-on-video opacity-70 select-none"
      >
        <MicIcon width={18} height={18} />
        <span>{t('cameras:talk.needsWebrtc')}</span>
      </button>
      <span id={hintId} className="sr-only">
        {t('cameras:talk.needsWebrtcHint')}
      </span>
    </div>
  );
}
