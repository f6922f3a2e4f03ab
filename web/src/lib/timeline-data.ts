import type { TimeSpan, TimelineEvent } from '@homecam/shared';
import { DAY_MS, MINUTE_MS, timeToX, type TimeWindow } from './timeline-scale';

/**
 * Reading the server's timeline answer for drawing and for the player: is there footage at an instant, where the
 * next footage starts after a gap, the previous/next event, motion buckets as bars, and event markers grouped so
 * a busy day does not become thousands of overlapping marks.
 */

/** The span holding `t`, or null in a gap. Spans are sorted and do not overlap (the server merges them). */
export function spanAt(spans: readonly TimeSpan[], t: number): TimeSpan | null {
  let low = 0;
  let high = spans.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const span = spans[mid]!;
    if (t < span.start) high = mid - 1;
    else if (t >= span.end) low = mid + 1;
    else return span;
  }
  return null;
}

/** Where playback of `t` really starts: `t` inside footage, else the start of the next footage, else null. */
export function footageFrom(spans: readonly TimeSpan[], t: number): number | null {
  if (spanAt(spans, t)) return t;
  const next = spans.find((span) => span.start > t);
  return next ? next.start : null;
}

/** Spans (or gaps) cut to the window, dropping those outside it. */
export function clipSpans(spans: readonly TimeSpan[], window: TimeWindow): TimeSpan[] {
  return spans
    .filter((span) => span.end > window.start && span.start < window.end)
    .map((span) => ({ start: Math.max(span.start, window.start), end: Math.min(span.end, window.end) }));
}

/** An event starting this close after `t` is "the current one", not the next: pressing next twice must move on. */
const EVENT_SLACK_MS = 1_000;

/** The first event starting after `t` (events sorted by start), or null. */
export function nextEvent<E extends Pick<TimelineEvent, 'start'>>(events: readonly E[], t: number): E | null {
  return events.find((event) => event.start > t + EVENT_SLACK_MS) ?? null;
}

/** The last event starting before `t` (minus the slack: from inside an event, "previous" is the one before it). */
export function previousEvent<E extends Pick<TimelineEvent, 'start'>>(events: readonly E[], t: number): E | null {
  let found: E | null = null;
  for (const event of events) {
    if (event.start < t - EVENT_SLACK_MS) found = event;
    else break;
  }
  return found;
}

export interface MotionBar {
  x: number;
  width: number;
  /** 0–1. */
  level: number;
}

/** Motion buckets (0–100 each, `bucketMs` wide from `from`) as bars on a bar `width` px wide; empty buckets left out. */
export function motionBars(motion: readonly number[], from: number, bucketMs: number, window: TimeWindow, width: number): MotionBar[] {
  const bars: MotionBar[] = [];
  motion.forEach((value, i) => {
    if (value <= 0) return;
    const start = from + i * bucketMs;
    const end = start + bucketMs;
    if (end <= window.start || start >= window.end) return;
    const x = timeToX(window, width, Math.max(start, window.start));
    const right = timeToX(window, width, Math.min(end, window.end));
    bars.push({ x, width: Math.max(1, right - x), level: Math.min(1, value / 100) });
  });
  return bars;
}

export interface MarkerGroup<E> {
  x: number;
  /** The events drawn as this one mark (closer together than a mark is wide). */
  events: E[];
}

/** Events in the window as marks, merged while less than `minPx` apart so each mark stays readable and clickable. */
export function groupMarkers<E extends Pick<TimelineEvent, 'start'>>(events: readonly E[], window: TimeWindow, width: number, minPx = 6): MarkerGroup<E>[] {
  const groups: MarkerGroup<E>[] = [];
  for (const event of events) {
    if (event.start < window.start || event.start > window.end) continue;
    const x = timeToX(window, width, event.start);
    const last = groups[groups.length - 1];
    if (last && x - last.x < minPx) last.events.push(event);
    else groups.push({ x, events: [event] });
  }
  return groups;
}

/** The event type/label family a marker is coloured by: doorbell, a detected object (person, car, …) or motion. */
export function markerKind(event: Pick<TimelineEvent, 'label' | 'trigger'>): 'doorbell' | 'object' | 'motion' {
  if (event.trigger === 'doorbell' || event.label === 'doorbell') return 'doorbell';
  return event.label === 'motion' || event.label === '' ? 'motion' : 'object';
}

export interface FetchRange {
  from: number;
  to: number;
  bucketMs: number;
}

/**
 * What to ask the server for to draw `window`: the window with half its length on each side (a pan shows data at
 * once), snapped to a step of a quarter of its length, so small pans and the moving "now" reuse the cached answer;
 * about 300 motion buckets across the window (at least 1 s, the API's minimum). Never more than 7 days.
 */
export function fetchRange(window: TimeWindow): FetchRange {
  const length = window.end - window.start;
  const quantum = Math.max(MINUTE_MS, niceFloor(length / 4));
  const from = Math.floor((window.start - length / 2) / quantum) * quantum;
  const to = Math.min(from + 7 * DAY_MS, Math.ceil((window.end + length / 2) / quantum) * quantum);
  return { from, to, bucketMs: Math.max(1_000, niceFloor(length / 300)) };
}

/** The largest of 1, 2, 5 × 10^n ms at or below `ms` (at least 1). */
function niceFloor(ms: number): number {
  const power = 10 ** Math.floor(Math.log10(Math.max(1, ms)));
  const scaled = ms / power;
  return (scaled >= 5 ? 5 : scaled >= 2 ? 2 : 1) * power;
}
