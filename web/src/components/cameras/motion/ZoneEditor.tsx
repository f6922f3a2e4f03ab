import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MotionZone } from '@homecam/shared';
import { useStillSnapshot } from '../../../hooks/use-still-snapshot';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { TrashIcon } from '../../ui/icons';
import { canCloseZone, closeZone, pointToPercent, toSvgPoints, type ZonePoint } from './zone-geometry';

export interface ZoneEditorProps {
  camera: string;
  zones: readonly MotionZone[];
  onChange: (zones: MotionZone[]) => void;
  disabled?: boolean;
}

/**
 * Motion zones drawn over the camera's snapshot: each click or tap adds a point to the zone being drawn,
 * "finish zone" closes it (at least three points). Zones are polygons in percent of the picture (0–100).
 */
export function ZoneEditor({ camera, zones, onChange, disabled = false }: ZoneEditorProps) {
  const { t } = useTranslation();
  const src = useStillSnapshot(camera, 640);
  const [loaded, setLoaded] = useState<'loading' | 'ok' | 'failed'>('loading');
  const [draft, setDraft] = useState<ZonePoint[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const surface = useRef<SVGSVGElement>(null);

  function addPoint(event: PointerEvent<SVGSVGElement>) {
    if (disabled || !event.isPrimary || event.button !== 0) return;
    const box = surface.current?.getBoundingClientRect();
    if (!box) return;
    const point = pointToPercent(event.clientX, event.clientY, box);
    if (!point) return;
    event.preventDefault();
    setSelected(null);
    setDraft((previous) => [...previous, point]);
  }

  function finish() {
    const zone = closeZone(draft);
    if (!zone) return;
    onChange([...zones, zone]);
    setDraft([]);
    setSelected(zones.length);
  }

  function remove(index: number) {
    onChange(zones.filter((_, other) => other !== index));
    setSelected(null);
  }

  function clearAll() {
    onChange([]);
    setDraft([]);
    setSelected(null);
  }

  return (
    <div className="flex flex-col gap-3" data-testid="zone-editor">
      <p className="text-sm text-foreground-muted">{t('cameras:motion.zonesHint')}</p>
      <div className="relative w-full overflow-hidden rounded-md bg-video">
        {loaded === 'failed' ? (
          <div className="aspect-video w-full" />
        ) : (
          <img
            src={src}
            alt={t('cameras:snapshotOf', { camera })}
            className={cn('block w-full select-none', loaded === 'loading' && 'aspect-video')}
            draggable={false}
            onLoad={() => setLoaded('ok')}
            onError={() => setLoaded('failed')}
            data-testid="zone-snapshot"
          />
        )}
        {loaded === 'failed' ? (
          <p className="absolute inset-x-0 top-2 text-center text-xs text-on-video">{t('cameras:snapshotUnavailable')}</p>
        ) : null}
        <svg
          ref={surface}
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          className={cn('absolute inset-0 h-full w-full touch-none', !disabled && 'cursor-crosshair')}
          onPointerDown={addPoint}
          data-testid="zone-surface"
          data-draft-points={draft.length}
          aria-label={t('cameras:motion.surface')}
          role="img"
        >
          {zones.map((zone, index) => (
            <polygon
              key={index}
              points={toSvgPoints(zone.coords)}
              vectorEffect="non-scaling-stroke"
              strokeWidth={selected === index ? 3 : 2}
              className={cn('stroke-primary', selected === index ? 'fill-primary/40' : 'fill-primary/20')}
              data-testid={`zone-polygon-${index}`}
            />
          ))}
          {draft.length > 1 ? (
            <polyline points={toSvgPoints(draft)} vectorEffect="non-scaling-stroke" strokeWidth={2} className="fill-none stroke-warning" />
          ) : null}
          {draft.map(([x, y], index) => (
            <ellipse key={index} cx={x} cy={y} rx={0.8} ry={1.2} className="fill-warning" data-testid="zone-draft-point" />
          ))}
        </svg>
      </div>

      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={finish} disabled={disabled || !canCloseZone(draft)} data-testid="zone-finish">
          {t('cameras:motion.finishZone')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setDraft((previous) => previous.slice(0, -1))} disabled={disabled || draft.length === 0} data-testid="zone-undo">
          {t('cameras:motion.undoPoint')}
        </Button>
        <Button size="sm" variant="secondary" onClick={clearAll} disabled={disabled || (zones.length === 0 && draft.length === 0)} data-testid="zone-clear">
          {t('cameras:motion.clearAll')}
        </Button>
      </div>
      <p className="text-xs text-foreground-muted" aria-live="polite" data-testid="zone-draft-status">
        {draft.length > 0 ? t('cameras:motion.draftPoints', { points: draft.length }) : t('cameras:motion.noDraft')}
      </p>

      {zones.length === 0 ? (
        <p className="text-sm text-foreground-muted" data-testid="zone-list-empty">{t('cameras:motion.noZones')}</p>
      ) : (
        <ul className="flex flex-col gap-1" data-testid="zone-list">
          {zones.map((zone, index) => (
            <li key={index} className={cn('flex items-center gap-2 rounded-md px-2 py-1', selected === index && 'bg-primary-soft')} data-testid={`zone-item-${index}`}>
              <button
                type="button"
                className="flex-1 text-left text-sm text-foreground"
                aria-pressed={selected === index}
                onClick={() => setSelected(selected === index ? null : index)}
                data-testid={`zone-select-${index}`}
              >
                {t('cameras:motion.zoneLabel', { number: index + 1, points: zone.coords.length })}
              </button>
              <Button
                variant="ghost"
                size="icon"
                onClick={() => remove(index)}
                disabled={disabled}
                aria-label={t('cameras:motion.deleteZone', { number: index + 1 })}
                data-testid={`zone-delete-${index}`}
              >
                <TrashIcon />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
