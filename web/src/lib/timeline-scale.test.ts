import { describe, expect, it } from 'vitest';
import {
  clampWindow,
  DAY_MS,
  follow,
  HOUR_MS,
  keyStep,
  MAX_SPAN_MS,
  MIN_SPAN_MS,
  MINUTE_MS,
  panBy,
  ticks,
  timeToX,
  xToTime,
  zoomAt,
  type TimeWindow,
} from './timeline-scale';

const T0 = Date.UTC(2026, 10, 28, 0, 0, 0);
const day: TimeWindow = { start: T0, end: T0 + DAY_MS };
const bounds: TimeWindow = { start: T0 - 7 * DAY_MS, end: T0 + DAY_MS };

describe('time <-> x', () => {
  it('maps the window onto the bar and back', () => {
    expect(timeToX(day, 960, T0)).toBe(0);
    expect(timeToX(day, 960, T0 + 12 * HOUR_MS)).toBe(480);
    expect(timeToX(day, 960, T0 + DAY_MS)).toBe(960);
    expect(xToTime(day, 960, 240)).toBe(T0 + 6 * HOUR_MS);
    for (const x of [0, 1, 333, 959.5]) expect(timeToX(day, 960, xToTime(day, 960, x))).toBeCloseTo(x, 6);
  });

  it('stops a drag past either end at the edge, and survives a bar of no width', () => {
    expect(xToTime(day, 960, -50)).toBe(T0);
    expect(xToTime(day, 960, 5000)).toBe(T0 + DAY_MS);
    expect(xToTime(day, 0, 10)).toBe(T0);
  });
});

describe('zoom', () => {
  it('keeps the anchor under the same x while zooming in and out', () => {
    const anchor = T0 + 18 * HOUR_MS;
    const before = timeToX(day, 1000, anchor);
    const zoomed = zoomAt(day, 0.25, anchor, bounds);
    expect(zoomed.end - zoomed.start).toBe(6 * HOUR_MS);
    expect(timeToX(zoomed, 1000, anchor)).toBeCloseTo(before, 6);
    const back = zoomAt(zoomed, 4, anchor, bounds);
    expect(back).toEqual(day);
  });

  it('zooms from a day down to two minutes and never past it, nor out past a day', () => {
    let window = day;
    for (let i = 0; i < 40; i++) window = zoomAt(window, 0.5, T0 + 3 * HOUR_MS, bounds);
    expect(window.end - window.start).toBe(MIN_SPAN_MS);
    expect(window.start).toBeLessThanOrEqual(T0 + 3 * HOUR_MS);
    expect(window.end).toBeGreaterThanOrEqual(T0 + 3 * HOUR_MS);
    for (let i = 0; i < 40; i++) window = zoomAt(window, 2, T0 + 3 * HOUR_MS, bounds);
    expect(window.end - window.start).toBe(MAX_SPAN_MS);
  });

  it('zooming out near "now" keeps the window inside the bounds', () => {
    const lastHour = { start: bounds.end - HOUR_MS, end: bounds.end };
    const out = zoomAt(lastHour, 6, bounds.end - MINUTE_MS, bounds);
    expect(out.end).toBe(bounds.end);
    expect(out.end - out.start).toBe(6 * HOUR_MS);
  });
});

describe('pan, clamp and follow', () => {
  it('pans by a time and stops at the bounds without changing the length', () => {
    // the day already ends at the bounds' end ("now"): panning later leaves it where it is
    expect(panBy(day, HOUR_MS, bounds)).toEqual(day);
    expect(panBy(day, -2 * HOUR_MS, bounds)).toEqual({ start: T0 - 2 * HOUR_MS, end: T0 + DAY_MS - 2 * HOUR_MS });
    expect(panBy(day, -30 * DAY_MS, bounds)).toEqual({ start: bounds.start, end: bounds.start + DAY_MS });
  });

  it('cuts a window longer than the bounds to them', () => {
    const short = { start: T0, end: T0 + HOUR_MS };
    expect(clampWindow(day, short)).toEqual(short);
  });

  it('follows the play head only when it nears an edge', () => {
    const hour = { start: T0, end: T0 + HOUR_MS };
    expect(follow(hour, T0 + 30 * MINUTE_MS, bounds)).toBe(hour);
    const moved = follow(hour, T0 + HOUR_MS + 10 * MINUTE_MS, bounds);
    expect(moved.end - moved.start).toBe(HOUR_MS);
    expect(moved.end).toBeGreaterThan(T0 + HOUR_MS + 10 * MINUTE_MS);
    const back = follow(hour, T0 - 5 * MINUTE_MS, bounds);
    expect(back.start).toBeLessThan(T0 - 5 * MINUTE_MS);
  });

  it('steps the arrow keys by a fiftieth of the window, at least a second', () => {
    expect(keyStep(day)).toBe(DAY_MS / 50);
    expect(keyStep({ start: 0, end: 10_000 })).toBe(1_000);
  });
});

describe('axis ticks', () => {
  const utc = () => 0;

  it('uses hours on a day and minutes on ten minutes, all on whole local steps', () => {
    const dayTicks = ticks(day, 960, 72, utc);
    const step = dayTicks[1]!.at - dayTicks[0]!.at;
    expect(step).toBe(2 * HOUR_MS);
    expect(dayTicks[0]!.at).toBe(T0);
    expect(dayTicks[0]!.major).toBe(true);
    const tenMinutes = { start: T0 + 10 * HOUR_MS + 30_000, end: T0 + 10 * HOUR_MS + 10 * MINUTE_MS + 30_000 };
    const minuteTicks = ticks(tenMinutes, 960, 72, utc);
    expect(minuteTicks[0]!.at).toBe(T0 + 10 * HOUR_MS + MINUTE_MS);
    expect(minuteTicks[1]!.at - minuteTicks[0]!.at).toBe(MINUTE_MS);
    for (const tick of minuteTicks) expect(tick.at % MINUTE_MS).toBe(0);
  });

  it('lands on local whole hours in a zone ahead of UTC', () => {
    const plusTwo = () => 2 * HOUR_MS;
    for (const tick of ticks(day, 960, 72, plusTwo)) expect((tick.at + 2 * HOUR_MS) % (2 * HOUR_MS)).toBe(0);
    const midnight = ticks(day, 960, 72, plusTwo).find((tick) => tick.major);
    expect(midnight!.at).toBe(T0 + 22 * HOUR_MS);
  });

  it('keeps ticks at least minPx apart and gives none on an empty bar', () => {
    const list = ticks(day, 300, 72, utc);
    for (let i = 1; i < list.length; i++) expect(timeToX(day, 300, list[i]!.at) - timeToX(day, 300, list[i - 1]!.at)).toBeGreaterThanOrEqual(72);
    expect(ticks(day, 0)).toEqual([]);
  });
});
