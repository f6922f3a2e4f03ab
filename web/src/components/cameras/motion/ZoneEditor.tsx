import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MotionZone } from '@homecam/shared';
import { useStillSnapshot } from '../../../hooks/use-still-snapshot';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { TrashIcon } from '../../ui/icons';
import {
  arrowKeyStep,
  canCloseZone,
  canRemovePoint,
  closeZone,
  movePoint,
  nudgePoint,
  pointToPercent,
  removePoint,
  toSvgPoints,
  type ZonePoint,
} from './zone-geometry';

/** Which points a handle belongs to: a finished zone (its index) or the zone being drawn. */
type Target = number | 'draft';

const handleKey = (target: Target, index: number) => `${target}-${index}`;

export interface ZoneEditorProps {
  camera: string;
  zones: readonly MotionZone[];
  onChange: (zones: MotionZone[]) => void;
  disabled?: boolean;
}

/**
 * Motion zones drawn over the camera's snapshot: each click or tap adds a point to the zone being drawn,
 * "finish zone" closes it (at least three points). Zones are polygons in percent of the picture (0–100).
 * Every point has a handle: drag it (mouse, touch or pen), or focus it and move it with the arrow keys
 * (Shift: 5 %); Delete, Backspace or a double-click removes it while a finished zone keeps three points.
 */
export function ZoneEditor({ camera, zones, onChange, disabled = false }: ZoneEditorProps) {
  const { t } = useTranslation();
  const src = useStillSnapshot(camera, 640);
  const [loaded, setLoaded] = useState<'loading' | 'ok' | 'failed'>('loading');
  const [draft, setDraft] = useState<ZonePoint[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const surface = useRef<SVGSVGElement>(null);
  const handles = useRef<HTMLDivElement>(null);
  const dragging = useRef<{ target: Target; index: number; pointerId: number } | null>(null);
  const focusAfterRemove = useRef<string | null>(null);
  const hintId = useId();

  // After a point is removed its handle is gone: focus a neighbour so keyboard users keep their place.
  useEffect(() => {
    const key = focusAfterRemove.current;
    if (key === null) return;
    focusAfterRemove.current = null;
    handles.current?.querySelector<HTMLButtonElement>(`[data-handle="${key}"]`)?.focus();
  });

  function pointsOf(target: Target): readonly ZonePoint[] {
    return target === 'draft' ? draft : (zones[target]?.coords ?? []);
  }

  function updatePoints(target: Target, change: (points: readonly ZonePoint[]) => ZonePoint[] | null) {
    if (target === 'draft') {
      setDraft((previous) => change(previous) ?? previous);
      return;
    }
    const zone = zones[target];
    const next = zone ? change(zone.coords) : null;
    if (!zone || !next) return;
    onChange(zones.map((other, index) => (index === target ? { ...other, coords: next } : other)));
  }

  function startDrag(event: PointerEvent<HTMLButtonElement>, target: Target, index: number) {
    if (disabled || !event.isPrimary || event.button !== 0) return;
    event.stopPropagation();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture(event.pointerId);
    dragging.current = { target, index, pointerId: event.pointerId };
    if (target !== 'draft') setSelected(target);
  }

  function drag(event: PointerEvent<HTMLButtonElement>) {
    const current = dragging.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const box = surface.current?.getBoundingClientRect();
    const point = box ? pointToPercent(event.clientX, event.clientY, box) : null;
    if (!point) return;
    event.preventDefault();
    updatePoints(current.target, (points) => movePoint(points, current.index, point));
  }

  function endDrag(event: PointerEvent<HTMLButtonElement>) {
    if (dragging.current?.pointerId !== event.pointerId) return;
    dragging.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
  }

  function removeAt(target: Target, index: number) {
    if (disabled || !canRemovePoint(pointsOf(target), target !== 'draft')) return;
    updatePoints(target, (points) => removePoint(points, index, target !== 'draft'));
    if (pointsOf(target).length > 1) focusAfterRemove.current = handleKey(target, Math.max(0, index - 1));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>, target: Target, index: number) {
    if (disabled) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      removeAt(target, index);
      return;
    }
    const step = arrowKeyStep(event.key, event.shiftKey);
    if (!step) return;
    event.preventDefault();
    updatePoints(target, (points) => nudgePoint(points, index, step[0], step[1]));
  }

  function renderHandle(target: Target, [x, y]: ZonePoint, index: number) {
    const finished = target !== 'draft';
    return (
      <button
        key={handleKey(target, index)}
        type="button"
        disabled={disabled}
        className={cn(
          'pointer-events-auto absolute flex h-8 w-8 -translate-x-1/2 -translate-y-1/2 touch-none items-center justify-center rounded-full',
          !disabled && 'cursor-move',
        )}
        style={{ left: `${x}%`, top: `${y}%` }}
        aria-label={finished ? t('cameras:motion.pointLabel', { zone: target + 1, point: index + 1 }) : t('cameras:motion.draftPointLabel', { point: index + 1 })}
        aria-describedby={hintId}
        onPointerDown={(event) => startDrag(event, target, index)}
        onPointerMove={drag}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onLostPointerCapture={endDrag}
        onDoubleClick={() => removeAt(target, index)}
        onKeyDown={(event) => handleKeyDown(event, target, index)}
        data-handle={handleKey(target, index)}
        data-testid={finished ? `zone-point-${target}-${index}` : 'zone-draft-point'}
        data-x={x}
        data-y={y}
      >
        <span className={cn('block h-3 w-3 rounded-full border-2 border-on-video', finished ? 'bg-primary' : 'bg-warning')} />
      </button>
    );
  }

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
      <p id={hintId} className="text-sm text-foreground-muted">
        {t('cameras:motion.pointsHint')}
      </p>
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
        </svg>
        <div ref={handles} className="pointer-events-none absolute inset-0" data-testid="zone-handles">
          {zones.map((zone, zoneIndex) => zone.coords.map((point, index) => renderHandle(zoneIndex, point, index)))}
          {draft.map((point, index) => renderHandle('draft', point, index))}
        </div>
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
