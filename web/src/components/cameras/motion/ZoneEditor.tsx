import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MotionZone } from '@homecam/shared';
import { useStillSnapshot } from '../../../hooks/use-still-snapshot';
import { useZoneEditor } from '../../../hooks/use-zone-editor';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { ZoneHandle } from './ZoneHandle';
import { ZoneList } from './ZoneList';
import { canCloseZone, toSvgPoints } from '../../../lib/zone-geometry';

export interface ZoneEditorProps {
  camera: string;
  zones: readonly MotionZone[];
  onChange: (zones: MotionZone[]) => void;
  disabled?: boolean;
}

/** The camera's still picture under the zones; an empty 16:9 box with a note when it cannot be loaded. */
function ZoneSnapshot({ camera }: { camera: string }) {
  const { t } = useTranslation();
  const src = useStillSnapshot(camera, 640);
  const [loaded, setLoaded] = useState<'loading' | 'ok' | 'failed'>('loading');
  if (loaded === 'failed') {
    return (
      <>
        <div className="aspect-video w-full" />
        <p className="absolute inset-x-0 top-2 text-center text-xs text-on-video">{t('cameras:snapshotUnavailable')}</p>
      </>
    );
  }
  return (
    <img
      src={src}
      alt={t('cameras:snapshotOf', { camera })}
      className={cn('block w-full select-none', loaded === 'loading' && 'aspect-video')}
      draggable={false}
      onLoad={() => setLoaded('ok')}
      onError={() => setLoaded('failed')}
      data-testid="zone-snapshot"
    />
  );
}

/**
 * Motion zones drawn over the camera's snapshot: each click or tap adds a point to the zone being drawn,
 * "finish zone" closes it (at least three points). Zones are polygons in percent of the picture (0–100).
 * Every point has a handle: drag it (mouse, touch or pen), or focus it and move it with the arrow keys
 * (Shift: 5 %); Delete, Backspace or a double-click removes it while a finished zone keeps three points.
 */
export function ZoneEditor({ camera, zones, onChange, disabled = false }: ZoneEditorProps) {
  const { t } = useTranslation();
  const { draft, selected, surfaceRef, handlesRef, handleEvents, addPoint, select, undo, finish, removeZone, clearAll } = useZoneEditor({
    zones,
    onChange,
    disabled,
  });
  const hintId = useId();
  const handle = { disabled, hintId, events: handleEvents };

  return (
    <div className="flex flex-col gap-3" data-testid="zone-editor">
      <p className="text-sm text-foreground-muted">{t('cameras:motion.zonesHint')}</p>
      <p id={hintId} className="text-sm text-foreground-muted">
        {t('cameras:motion.pointsHint')}
      </p>
      <div className="relative w-full overflow-hidden rounded-md bg-video">
        <ZoneSnapshot camera={camera} />
        <svg
          ref={surfaceRef}
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
          {draft.length > 1 ? <polyline points={toSvgPoints(draft)} vectorEffect="non-scaling-stroke" strokeWidth={2} className="fill-none stroke-warning" /> : null}
        </svg>
        <div ref={handlesRef} className="pointer-events-none absolute inset-0" data-testid="zone-handles">
          {zones.map((zone, target) => zone.coords.map((point, index) => <ZoneHandle key={`${target}-${index}`} target={target} point={point} index={index} {...handle} />))}
          {draft.map((point, index) => (
            <ZoneHandle key={`draft-${index}`} target="draft" point={point} index={index} {...handle} />
          ))}
        </div>
      </div>

      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={finish} disabled={disabled || !canCloseZone(draft)} data-testid="zone-finish">
          {t('cameras:motion.finishZone')}
        </Button>
        <Button size="sm" variant="secondary" onClick={undo} disabled={disabled || draft.length === 0} data-testid="zone-undo">
          {t('cameras:motion.undoPoint')}
        </Button>
        <Button size="sm" variant="secondary" onClick={clearAll} disabled={disabled || (zones.length === 0 && draft.length === 0)} data-testid="zone-clear">
          {t('cameras:motion.clearAll')}
        </Button>
      </div>
      <p className="text-xs text-foreground-muted" aria-live="polite" data-testid="zone-draft-status">
        {draft.length > 0 ? t('cameras:motion.draftPoints', { points: draft.length }) : t('cameras:motion.noDraft')}
      </p>
      <ZoneList zones={zones} selected={selected} disabled={disabled} onSelect={select} onRemove={removeZone} />
    </div>
  );
}
