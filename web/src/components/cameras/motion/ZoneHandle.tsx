import { useTranslation } from 'react-i18next';
import { zoneHandleKey, type ZoneHandleEvents, type ZoneTarget } from '../../../hooks/use-zone-editor';
import { cn } from '../../ui/cn';
import type { ZonePoint } from '../../../lib/zone-geometry';

export interface ZoneHandleProps {
  target: ZoneTarget;
  point: ZonePoint;
  index: number;
  disabled: boolean;
  /** The id of the text explaining drag, arrows and Delete. */
  hintId: string;
  events: ZoneHandleEvents;
}

/** One point of a zone: a 32 px target around a small dot, dragged, moved with the arrows or removed. */
export function ZoneHandle({ target, point: [x, y], index, disabled, hintId, events }: ZoneHandleProps) {
  const { t } = useTranslation();
  const finished = target !== 'draft';
  return (
    <button
      type="button"
      disabled={disabled}
      className={cn(
        'pointer-events-auto absolute flex h-8 w-8 -translate-x-1/2 -translate-y-1/2 touch-none items-center justify-center rounded-full',
        !disabled && 'cursor-move',
      )}
      style={{ left: `${x}%`, top: `${y}%` }}
      aria-label={finished ? t('cameras:motion.pointLabel', { zone: target + 1, point: index + 1 }) : t('cameras:motion.draftPointLabel', { point: index + 1 })}
      aria-describedby={hintId}
      onPointerDown={(event) => events.startDrag(event, target, index)}
      onPointerMove={events.drag}
      onPointerUp={events.endDrag}
      onPointerCancel={events.endDrag}
      onLostPointerCapture={events.endDrag}
      onDoubleClick={() => events.remove(target, index)}
      onKeyDown={(event) => events.keyDown(event, target, index)}
      data-handle={zoneHandleKey(target, index)}
      data-testid={finished ? `zone-point-${target}-${index}` : 'zone-draft-point'}
      data-x={x}
      data-y={y}
    >
      <span className={cn('block h-3 w-3 rounded-full border-2 border-on-video', finished ? 'bg-primary' : 'bg-warning')} />
    </button>
  );
}
