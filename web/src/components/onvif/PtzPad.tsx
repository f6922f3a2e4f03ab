import type { KeyboardEvent, PointerEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePtzHold } from '../../hooks/use-ptz-hold';
import { PTZ_SPEED, ptzKeyVelocity, type PtzVelocity } from '../../lib/ptz-keys';
import { Icon } from '../ui/icons';
import { PtzPresets } from './PtzPresets';

type Hold = ReturnType<typeof usePtzHold>;

const ARROWS = {
  up: { velocity: { tilt: PTZ_SPEED }, path: 'M6 15l6-6 6 6', cell: 'col-start-2 row-start-1' },
  left: { velocity: { pan: -PTZ_SPEED }, path: 'M15 6l-6 6 6 6', cell: 'col-start-1 row-start-2' },
  right: { velocity: { pan: PTZ_SPEED }, path: 'M9 6l6 6-6 6', cell: 'col-start-3 row-start-2' },
  down: { velocity: { tilt: -PTZ_SPEED }, path: 'M6 9l6 6 6-6', cell: 'col-start-2 row-start-3' },
} as const;

const BUTTON = 'flex h-12 w-12 touch-none select-none items-center justify-center rounded-lg border border-border bg-surface text-foreground hover:bg-muted active:bg-primary active:text-primary-foreground';

/** A button that moves the camera while pressed (mouse, pen or finger: pointer capture keeps the release). */
function HoldButton({ hold, velocity, label, testId, className, children }: { hold: Hold; velocity: PtzVelocity; label: string; testId: string; className?: string; children: ReactNode }) {
  const down = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    hold.press(velocity);
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // a pointer the browser does not track (synthetic events): the release still comes as pointerup
    }
  };
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-label={label}
      title={label}
      className={`${BUTTON} ${className ?? ''}`}
      onPointerDown={down}
      onPointerUp={hold.release}
      onPointerCancel={hold.release}
      onLostPointerCapture={hold.release}
      onContextMenu={(event) => event.preventDefault()}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

/**
 * Issue 22: the camera page's PTZ pad, for cameras that reported PTZ. Press and hold an arrow or zoom button (or,
 * with the pad focused, an arrow key or + / −); release stops. Presets below.
 */
export function PtzPad({ camera }: { camera: string }) {
  const { t } = useTranslation();
  const hold = usePtzHold(camera);
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const velocity = ptzKeyVelocity(event.key);
    if (!velocity || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    if (!event.repeat) hold.press(velocity);
  };
  const keyUp = (event: KeyboardEvent<HTMLDivElement>) => {
    if (ptzKeyVelocity(event.key)) hold.release();
  };
  return (
    <section className="mt-4 border-t border-border pt-4" aria-label={t('cameras:ptz.title')} data-testid="ptz-pad">
      <h2 className="mb-1 text-sm font-medium text-foreground-muted">{t('cameras:ptz.title')}</h2>
      <p className="mb-2 hidden text-xs text-foreground-muted md:block">{t('cameras:ptz.keyboardHint')}</p>
      <div
        tabIndex={0}
        role="group"
        aria-label={t('cameras:ptz.pad')}
        onKeyDown={keyDown}
        onKeyUp={keyUp}
        onBlur={hold.release}
        className="flex flex-wrap items-center gap-4 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-primary"
        data-testid="ptz-keys"
      >
        <div className="grid grid-cols-3 grid-rows-3 gap-1">
          {Object.entries(ARROWS).map(([direction, arrow]) => (
            <HoldButton key={direction} hold={hold} velocity={arrow.velocity} label={t(`cameras:ptz.${direction as keyof typeof ARROWS}`)} testId={`ptz-${direction}`} className={arrow.cell}>
              <Icon><path d={arrow.path} /></Icon>
            </HoldButton>
          ))}
          <button type="button" tabIndex={-1} className={`${BUTTON} col-start-2 row-start-2`} aria-label={t('cameras:ptz.stop')} title={t('cameras:ptz.stop')} onClick={() => hold.stop()} data-testid="ptz-stop">
            <Icon><rect x="7" y="7" width="10" height="10" rx="1" /></Icon>
          </button>
        </div>
        <div className="flex flex-col gap-1">
          <HoldButton hold={hold} velocity={{ zoom: PTZ_SPEED }} label={t('cameras:ptz.zoomIn')} testId="ptz-zoom-in">
            <Icon><path d="M12 5v14M5 12h14" /></Icon>
          </HoldButton>
          <HoldButton hold={hold} velocity={{ zoom: -PTZ_SPEED }} label={t('cameras:ptz.zoomOut')} testId="ptz-zoom-out">
            <Icon><path d="M5 12h14" /></Icon>
          </HoldButton>
        </div>
      </div>
      <PtzPresets camera={camera} />
    </section>
  );
}
