import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import type { MotionZone } from '@homecam/shared';
import {
  arrowKeyStep,
  canRemovePoint,
  closeZone,
  movePoint,
  nudgePoint,
  pointToPercent,
  removePoint,
  type ZonePoint,
} from '../lib/zone-geometry';

/** Which points a handle belongs to: a finished zone (its index) or the zone being drawn. */
export type ZoneTarget = number | 'draft';

export const zoneHandleKey = (target: ZoneTarget, index: number) => `${target}-${index}`;

/** What a point handle does with the pointer and the keyboard. */
export interface ZoneHandleEvents {
  startDrag: (event: PointerEvent<HTMLButtonElement>, target: ZoneTarget, index: number) => void;
  drag: (event: PointerEvent<HTMLButtonElement>) => void;
  endDrag: (event: PointerEvent<HTMLButtonElement>) => void;
  remove: (target: ZoneTarget, index: number) => void;
  keyDown: (event: KeyboardEvent<HTMLButtonElement>, target: ZoneTarget, index: number) => void;
}

export interface ZoneEditorOptions {
  zones: readonly MotionZone[];
  onChange: (zones: MotionZone[]) => void;
  disabled: boolean;
}

/**
 * The zone editor's behaviour apart from its markup: the zone being drawn, the selected zone, dragging a point
 * (mouse, touch or pen, with pointer capture), the keyboard (arrows move 1 %, Shift 5 %; Delete/Backspace
 * remove) and keeping focus on a neighbouring handle after a point is removed. The geometry is zone-geometry's.
 */
export function useZoneEditor({ zones, onChange, disabled }: ZoneEditorOptions) {
  const [draft, setDraft] = useState<ZonePoint[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const surface = useRef<SVGSVGElement>(null);
  const handles = useRef<HTMLDivElement>(null);
  const points = useZonePoints({ zones, onChange, disabled, draft, setDraft, handles });
  const handleEvents = useZoneHandleEvents(points, surface, disabled, setSelected);

  function addPoint(event: PointerEvent<SVGSVGElement>) {
    if (disabled || !event.isPrimary || event.button !== 0) return;
    const box = surface.current?.getBoundingClientRect();
    const point = box ? pointToPercent(event.clientX, event.clientY, box) : null;
    if (!point) return;
    event.preventDefault();
    setSelected(null);
    setDraft((previous) => [...previous, point]);
  }

  return {
    draft,
    selected,
    surfaceRef: surface,
    handlesRef: handles,
    handleEvents,
    addPoint,
    select: (index: number) => setSelected(selected === index ? null : index),
    undo: () => setDraft((previous) => previous.slice(0, -1)),
    finish: () => {
      const zone = closeZone(draft);
      if (!zone) return;
      onChange([...zones, zone]);
      setDraft([]);
      setSelected(zones.length);
    },
    removeZone: (index: number) => {
      onChange(zones.filter((_, other) => other !== index));
      setSelected(null);
    },
    clearAll: () => {
      onChange([]);
      setDraft([]);
      setSelected(null);
    },
  };
}

interface ZonePointsOptions extends ZoneEditorOptions {
  draft: readonly ZonePoint[];
  setDraft: (change: (previous: ZonePoint[]) => ZonePoint[]) => void;
  handles: RefObject<HTMLDivElement | null>;
}

/** Reading and changing the points of a zone or of the draft, and removing one with focus kept nearby. */
function useZonePoints({ zones, onChange, disabled, draft, setDraft, handles }: ZonePointsOptions) {
  const focusAfterRemove = useRef<string | null>(null);

  // After a point is removed its handle is gone: focus a neighbour so keyboard users keep their place.
  useEffect(() => {
    const key = focusAfterRemove.current;
    if (key === null) return;
    focusAfterRemove.current = null;
    handles.current?.querySelector<HTMLButtonElement>(`[data-handle="${key}"]`)?.focus();
  });

  const pointsOf = (target: ZoneTarget): readonly ZonePoint[] => (target === 'draft' ? draft : (zones[target]?.coords ?? []));

  function update(target: ZoneTarget, change: (points: readonly ZonePoint[]) => ZonePoint[] | null) {
    if (target === 'draft') {
      setDraft((previous) => change(previous) ?? previous);
      return;
    }
    const zone = zones[target];
    const next = zone ? change(zone.coords) : null;
    if (!zone || !next) return;
    onChange(zones.map((other, index) => (index === target ? { ...other, coords: next } : other)));
  }

  function remove(target: ZoneTarget, index: number) {
    if (disabled || !canRemovePoint(pointsOf(target), target !== 'draft')) return;
    update(target, (current) => removePoint(current, index, target !== 'draft'));
    if (pointsOf(target).length > 1) focusAfterRemove.current = zoneHandleKey(target, Math.max(0, index - 1));
  }

  return { update, remove };
}

function useZoneHandleEvents(
  points: ReturnType<typeof useZonePoints>,
  surface: RefObject<SVGSVGElement | null>,
  disabled: boolean,
  setSelected: (index: number) => void,
): ZoneHandleEvents {
  const dragging = useRef<{ target: ZoneTarget; index: number; pointerId: number } | null>(null);
  return {
    startDrag(event, target, index) {
      if (disabled || !event.isPrimary || event.button !== 0) return;
      event.stopPropagation();
      event.currentTarget.focus();
      event.currentTarget.setPointerCapture(event.pointerId);
      dragging.current = { target, index, pointerId: event.pointerId };
      if (target !== 'draft') setSelected(target);
    },
    drag(event) {
      const current = dragging.current;
      if (!current || current.pointerId !== event.pointerId) return;
      const box = surface.current?.getBoundingClientRect();
      const point = box ? pointToPercent(event.clientX, event.clientY, box) : null;
      if (!point) return;
      event.preventDefault();
      points.update(current.target, (previous) => movePoint(previous, current.index, point));
    },
    endDrag(event) {
      if (dragging.current?.pointerId !== event.pointerId) return;
      dragging.current = null;
      if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
    },
    remove: points.remove,
    keyDown(event, target, index) {
      if (disabled) return;
      if (event.key === 'Delete' || event.key === 'Backspace') {
        event.preventDefault();
        points.remove(target, index);
        return;
      }
      const step = arrowKeyStep(event.key, event.shiftKey);
      if (!step) return;
      event.preventDefault();
      points.update(target, (previous) => nudgePoint(previous, index, step[0], step[1]));
    },
  };
}
