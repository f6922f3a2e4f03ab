/**
 * The timeline's geometry: which stretch of wall-clock time is shown (a window, epoch ms), where an instant lands on
 * a bar of a given width in px, and zooming and panning that keep the window inside what may be shown. Pure
 * functions, so the maths is tested without a DOM.
 */
export interface TimeWindow {
  start: number;
  end: number;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** Zoomed in fully, the bar shows two minutes (a keyframe preview per minute stays useful); out, one day. */
export const MIN_SPAN_MS = 2 * MINUTE_MS;
export const MAX_SPAN_MS = DAY_MS;

const span = (window: TimeWindow) => window.end - window.start;

/** x (px from the bar's left edge) of instant `t`; outside the window it lies outside [0, width]. */
export function timeToX(window: TimeWindow, width: number, t: number): number {
  return ((t - window.start) / span(window)) * width;
}

/** The instant under x (px); x is clamped to the bar, so a drag past its edge stops at the edge. */
export function xToTime(window: TimeWindow, width: number, x: number): number {
  const clamped = Math.min(width, Math.max(0, x));
  return width > 0 ? window.start + (clamped / width) * span(window) : window.start;
}

/**
 * The window moved (keeping its length) so it lies inside `bounds`; one longer than the bounds is cut to them.
 * Bounds are what may be shown: from the oldest footage to now.
 */
export function clampWindow(window: TimeWindow, bounds: TimeWindow): TimeWindow {
  const length = Math.min(span(window), span(bounds));
  let start = window.start;
  if (start + length > bounds.end) start = bounds.end - length;
  if (start < bounds.start) start = bounds.start;
  return { start, end: start + length };
}

/**
 * Zooms by `factor` (< 1 in, > 1 out) around `anchor`, which stays under the same x (the pointer, the play head).
 * The length stays between MIN_SPAN_MS and MAX_SPAN_MS, and the result inside `bounds`.
 */
export function zoomAt(window: TimeWindow, factor: number, anchor: number, bounds: TimeWindow): TimeWindow {
  const length = Math.min(MAX_SPAN_MS, Math.max(MIN_SPAN_MS, span(window) * factor));
  const share = span(window) > 0 ? (anchor - window.start) / span(window) : 0.5;
  const start = anchor - share * length;
  return clampWindow({ start, end: start + length }, bounds);
}

/** The window shifted by `deltaMs` (positive: later), kept inside `bounds`. */
export function panBy(window: TimeWindow, deltaMs: number, bounds: TimeWindow): TimeWindow {
  return clampWindow({ start: window.start + deltaMs, end: window.end + deltaMs }, bounds);
}

/** The window moved only as far as needed to show `t` with a margin (the play head must not leave the bar). */
export function follow(window: TimeWindow, t: number, bounds: TimeWindow, margin = 0.05): TimeWindow {
  const length = span(window);
  const pad = length * margin;
  if (t >= window.start + pad && t <= window.end - pad) return window;
  const start = t < window.start + pad ? t - pad : t + pad - length;
  return clampWindow({ start, end: start + length }, bounds);
}

/** Tick spacings the axis may use, smallest first. */
const TICK_STEPS = [MINUTE_MS, 2 * MINUTE_MS, 5 * MINUTE_MS, 10 * MINUTE_MS, 15 * MINUTE_MS, 30 * MINUTE_MS, HOUR_MS, 2 * HOUR_MS, 3 * HOUR_MS, 6 * HOUR_MS, 12 * HOUR_MS];

export interface Tick {
  at: number;
  /** Midnight or a whole hour: drawn taller and labelled with the day where it changes. */
  major: boolean;
}

/**
 * Axis ticks on whole local minutes/hours, at least `minPx` apart. `offsetMs(t)` is the local time's offset from UTC
 * at t (DST changes it), so ticks fall on 10:00 local, not on 10:00 UTC.
 */
export function ticks(window: TimeWindow, width: number, minPx = 72, offsetMs: (t: number) => number = localOffsetMs): Tick[] {
  if (width <= 0 || span(window) <= 0) return [];
  const msPerPx = span(window) / width;
  const step = TICK_STEPS.find((candidate) => candidate / msPerPx >= minPx) ?? DAY_MS;
  const result: Tick[] = [];
  const offset = offsetMs(window.start);
  let at = Math.ceil((window.start + offset) / step) * step - offset;
  for (; at <= window.end && result.length < 500; at += step) {
    const local = at + offsetMs(at);
    result.push({ at, major: local % (step >= HOUR_MS ? DAY_MS : HOUR_MS) === 0 });
  }
  return result;
}

/** The browser's offset of local time from UTC at `t`, in ms (Date's minutes have the opposite sign). */
export function localOffsetMs(t: number): number {
  return -new Date(t).getTimezoneOffset() * MINUTE_MS;
}

/** How far one arrow-key press moves: a fiftieth of the window, at least a second (minutes zoomed in, half hours out). */
export function keyStep(window: TimeWindow): number {
  return Math.max(1_000, Math.round(span(window) / 50));
}

/** The last `length` ms up to `now`: the view a timeline opens with. */
export function windowEndingAt(now: number, length: number = DAY_MS): TimeWindow {
  return { start: now - length, end: now };
}
