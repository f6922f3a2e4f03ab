import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
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

interface GestureState {
  latest: RefObject<GestureOptions>;
  pointers: Map<number, number>;
  drag: { current: Drag | null };
  pinch: { current: Pinch | null };
}

/** Ctrl/⌘ + wheel (and a trackpad pinch) zoom around the pointer, a sideways or Shift + wheel pans. */
function useWheel(surface: RefObject<HTMLDivElement | null>, latest: RefObject<GestureOptions>) {
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
  }, [surface, latest]);
}

const xOf = (event: ReactPointerEvent<HTMLDivElement>) => event.clientX - event.currentTarget.getBoundingClientRect().left;

/** Two fingers: the window zoomed by how far they moved apart, and moved with their middle. */
function pinchUpdate({ latest, pointers, pinch }: GestureState) {
  const start = pinch.current;
  const [a, b] = [...pointers.values()];
  if (!start || a === undefined || b === undefined) return;
  const { bounds, width, onWindow } = latest.current;
  const distance = Math.max(10, Math.abs(a - b));
  const zoomed = zoomAt(start.window, start.distance / distance, xToTime(start.window, width, start.middle), bounds);
  const shift = ((start.middle - (a + b) / 2) / Math.max(1, width)) * (zoomed.end - zoomed.start);
  onWindow(panBy(zoomed, shift, bounds));
}

function pointerDown(state: GestureState, event: ReactPointerEvent<HTMLDivElement>) {
  if (event.pointerType === 'mouse' && event.button !== 0) return;
  event.currentTarget.setPointerCapture?.(event.pointerId);
  state.pointers.set(event.pointerId, xOf(event));
  const { window, width, selecting, onPoint, onSelect } = state.latest.current;
  if (state.pointers.size === 2) {
    const [a = 0, b = 0] = [...state.pointers.values()];
    state.pinch.current = { window, distance: Math.max(10, Math.abs(a - b)), middle: (a + b) / 2 };
    state.drag.current = null;
    onPoint(null);
    return;
  }
  const camera = cameraOf(event.target);
  if (!camera) return;
  const x = xOf(event);
  state.drag.current = { camera, startX: x, moved: false };
  const t = xToTime(window, width, x);
  if (selecting) onSelect({ start: t, end: t });
  else onPoint({ camera, t, x, kind: 'drag' });
}

function pointerMove(state: GestureState, event: ReactPointerEvent<HTMLDivElement>) {
  if (state.pointers.has(event.pointerId)) state.pointers.set(event.pointerId, xOf(event));
  if (state.pinch.current) return pinchUpdate(state);
  const { window, width, selecting, onPoint, onSelect } = state.latest.current;
  const x = xOf(event);
  const t = xToTime(window, width, x);
  const current = state.drag.current;
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

function pointerUp(state: GestureState, event: ReactPointerEvent<HTMLDivElement>) {
  state.pointers.delete(event.pointerId);
  if (state.pinch.current) {
    if (state.pointers.size === 0) state.pinch.current = null;
    return;
  }
  const current = state.drag.current;
  state.drag.current = null;
  if (!current) return;
  const { window, width, selecting, onPoint, onSeek, markerNear } = state.latest.current;
  const x = xOf(event);
  if (!selecting) {
    const t = current.moved ? xToTime(window, width, x) : (markerNear(current.camera, x) ?? xToTime(window, width, x));
    onSeek(current.camera, t);
  }
  onPoint(event.pointerType === 'mouse' ? { camera: current.camera, t: xToTime(window, width, x), x, kind: 'hover' } : null);
}

function pointerCancel(state: GestureState, event: ReactPointerEvent<HTMLDivElement>) {
  state.pointers.delete(event.pointerId);
  state.drag.current = null;
  if (state.pointers.size === 0) state.pinch.current = null;
  state.latest.current.onPoint(null);
}

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
  const [state] = useState<GestureState>(() => ({ latest, pointers: new Map(), drag: { current: null }, pinch: { current: null } }));
  useWheel(surface, latest);
  return {
    surface,
    handlers: {
      onPointerDown: (event: ReactPointerEvent<HTMLDivElement>) => pointerDown(state, event),
      onPointerMove: (event: ReactPointerEvent<HTMLDivElement>) => pointerMove(state, event),
      onPointerUp: (event: ReactPointerEvent<HTMLDivElement>) => pointerUp(state, event),
      onPointerCancel: (event: ReactPointerEvent<HTMLDivElement>) => pointerCancel(state, event),
      onPointerLeave: () => {
        if (!state.drag.current && !state.pinch.current) latest.current.onPoint(null);
      },
    },
  };
}
