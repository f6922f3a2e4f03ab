import { useEffect, useLayoutEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { panBy, xToTime, zoomAt, type TimeWindow } from '../../lib/timeline-scale';

/** Where the pointer is over the rows: the camera of the row and the instant under it. */
export interface TimelinePoint {
  camera: string;
  t: number;
  /** px from the rows' left edge. */
  x: number;
  /** hover: a mouse over the bar; drag: a finger or pressed button scrubbing. */
  kind: 'hover' | 'drag';
}

export interface GestureOptions {
  window: TimeWindow;
  bounds: TimeWindow;
  width: number;
  /** Export range mode: a drag marks a range instead of scrubbing. */
  selecting: boolean;
  onWindow: (window: TimeWindow) => void;
  /** The preview position while hovering or dragging; null when it ends. */
  onPoint: (point: TimelinePoint | null) => void;
  onSeek: (camera: string, t: number) => void;
  onSelect: (range: TimeWindow) => void;
  /** A tap near an event mark plays that event from its start: the mark's start, or null. */
  markerNear: (camera: string, x: number) => number | null;
}

/** Movement (px) below which a press is a tap, not a drag. */
const TAP_PX = 5;

interface Drag {
  camera: string;
  startX: number;
  moved: boolean;
}

interface Pinch {
  window: TimeWindow;
  distance: number;
  middle: number;
}

const cameraOf = (target: EventTarget | null) => (target instanceof Element ? target.closest('[data-row-camera]')?.getAttribute('data-row-camera') : null) ?? null;

/**
 * Pointer, touch and wheel on the timeline's rows: a press-and-drag scrubs (preview) and seeks where it is let go
 * (a tap near an event mark seeks to that event); in export mode it marks a range. Two fingers pinch to zoom and
 * move the window; Ctrl/⌘ + wheel (and a trackpad pinch) zoom around the pointer, a sideways wheel pans.
 */
export function useTimelineGestures(options: GestureOptions) {
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const surface = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, number>());
  const drag = useRef<Drag | null>(null);
  const pinch = useRef<Pinch | null>(null);

  // React's wheel listener is passive (no preventDefault): the page must not scroll while the wheel zooms.
  useEffect(() => {
    const element = surface.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      const { window, bounds, width, onWindow } = latest.current;
      const x = event.clientX - element.getBoundingClientRect().left;
      if (event.ctrlKey || event.metaKey) {
        event.preventDefault();
        onWindow(zoomAt(window, Math.exp(event.deltaY * 0.002), xToTime(window, width, x), bounds));
      } else if (Math.abs(event.deltaX) > Math.abs(event.deltaY) || event.shiftKey) {
        event.preventDefault();
        const delta = event.shiftKey && event.deltaX === 0 ? event.deltaY : event.deltaX;
        onWindow(panBy(window, (delta / Math.max(1, width)) * (window.end - window.start), bounds));
      }
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const xOf = (event: ReactPointerEvent<HTMLDivElement>) => event.clientX - event.currentTarget.getBoundingClientRect().left;

  function pinchUpdate() {
    const start = pinch.current;
    const [a, b] = [...pointers.current.values()];
    if (!start || a === undefined || b === undefined) return;
    const { bounds, width, onWindow } = latest.current;
    const distance = Math.max(10, Math.abs(a - b));
    const zoomed = zoomAt(start.window, start.distance / distance, xToTime(start.window, width, start.middle), bounds);
    const shift = ((start.middle - (a + b) / 2) / Math.max(1, width)) * (zoomed.end - zoomed.start);
    onWindow(panBy(zoomed, shift, bounds));
  }

  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, xOf(event));
    const { window, width, selecting, onPoint, onSelect } = latest.current;
    if (pointers.current.size === 2) {
      const [a = 0, b = 0] = [...pointers.current.values()];
      pinch.current = { window, distance: Math.max(10, Math.abs(a - b)), middle: (a + b) / 2 };
      drag.current = null;
      onPoint(null);
      return;
    }
    const camera = cameraOf(event.target);
    if (!camera) return;
    const x = xOf(event);
    drag.current = { camera, startX: x, moved: false };
    const t = xToTime(window, width, x);
    if (selecting) onSelect({ start: t, end: t });
    else onPoint({ camera, t, x, kind: 'drag' });
  }

  function onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
    if (pointers.current.has(event.pointerId)) pointers.current.set(event.pointerId, xOf(event));
    if (pinch.current) return pinchUpdate();
    const { window, width, selecting, onPoint, onSelect } = latest.current;
    const x = xOf(event);
    const t = xToTime(window, width, x);
    const current = drag.current;
    if (!current) {
      const camera = cameraOf(event.target);
      if (event.pointerType === 'mouse' && camera) onPoint({ camera, t, x, kind: 'hover' });
      return;
    }
    if (Math.abs(x - current.startX) > TAP_PX) current.moved = true;
    if (selecting) {
      const from = xToTime(window, width, current.startX);
      onSelect({ start: Math.min(from, t), end: Math.max(from, t) });
    } else onPoint({ camera: current.camera, t, x, kind: 'drag' });
  }

  function onPointerUp(event: ReactPointerEvent<HTMLDivElement>) {
    pointers.current.delete(event.pointerId);
    if (pinch.current) {
      if (pointers.current.size === 0) pinch.current = null;
      return;
    }
    const current = drag.current;
    drag.current = null;
    if (!current) return;
    const { window, width, selecting, onPoint, onSeek, markerNear } = latest.current;
    const x = xOf(event);
    if (!selecting) {
      const t = current.moved ? xToTime(window, width, x) : (markerNear(current.camera, x) ?? xToTime(window, width, x));
      onSeek(current.camera, t);
    }
    onPoint(event.pointerType === 'mouse' ? { camera: current.camera, t: xToTime(window, width, x), x, kind: 'hover' } : null);
  }

  function onPointerCancel(event: ReactPointerEvent<HTMLDivElement>) {
    pointers.current.delete(event.pointerId);
    drag.current = null;
    if (pointers.current.size === 0) pinch.current = null;
    latest.current.onPoint(null);
  }

  function onPointerLeave() {
    if (!drag.current && !pinch.current) latest.current.onPoint(null);
  }

  return { surface, handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onPointerLeave } };
}
