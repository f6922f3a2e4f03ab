import { describe, expect, it } from 'vitest';
import { clipSpans, fetchRange, footageFrom, groupMarkers, markerKind, motionBars, nextEvent, previousEvent, spanAt } from './timeline-data';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './timeline-scale';

const spans = [
  { start: 1_000, end: 5_000 },
  { start: 8_000, end: 9_000 },
  { start: 20_000, end: 30_000 },
];

describe('footage and gaps', () => {
  it('finds the span holding an instant, and none in a gap or at a span end', () => {
    expect(spanAt(spans, 1_000)).toEqual(spans[0]);
    expect(spanAt(spans, 8_500)).toEqual(spans[1]);
    expect(spanAt(spans, 29_999)).toEqual(spans[2]);
    expect(spanAt(spans, 5_000)).toBeNull();
    expect(spanAt(spans, 500)).toBeNull();
    expect(spanAt([], 500)).toBeNull();
  });

  it('starts playback in a gap at the next footage, and nowhere after the last', () => {
    expect(footageFrom(spans, 2_000)).toBe(2_000);
    expect(footageFrom(spans, 6_000)).toBe(8_000);
    expect(footageFrom(spans, 0)).toBe(1_000);
    expect(footageFrom(spans, 31_000)).toBeNull();
  });

  it('clips spans to the window', () => {
    expect(clipSpans(spans, { start: 4_000, end: 25_000 })).toEqual([
      { start: 4_000, end: 5_000 },
      { start: 8_000, end: 9_000 },
      { start: 20_000, end: 25_000 },
    ]);
    expect(clipSpans(spans, { start: 10_000, end: 19_000 })).toEqual([]);
  });
});

describe('previous and next event', () => {
  const events = [{ start: 10_000 }, { start: 20_000 }, { start: 40_000 }];

  it('moves on from the event just jumped to', () => {
    expect(nextEvent(events, 0)).toEqual({ start: 10_000 });
    // a seek lands a little after the event's start: "next" is the following one, not the same again
    expect(nextEvent(events, 10_000)).toEqual({ start: 20_000 });
    expect(nextEvent(events, 9_500)).toEqual({ start: 20_000 });
    expect(nextEvent(events, 40_000)).toBeNull();
  });

  it('goes back to the event before the current one', () => {
    expect(previousEvent(events, 25_000)).toEqual({ start: 20_000 });
    expect(previousEvent(events, 20_500)).toEqual({ start: 10_000 });
    expect(previousEvent(events, 10_000)).toBeNull();
  });
});

describe('motion bars', () => {
  it('draws non-empty buckets inside the window at their place', () => {
    const bars = motionBars([0, 50, 100, 20], 0, 1_000, { start: 1_000, end: 3_000 }, 200);
    expect(bars).toEqual([
      { x: 0, width: 100, level: 0.5 },
      { x: 100, width: 100, level: 1 },
    ]);
  });

  it('cuts a bucket at the window edge and keeps thin ones visible', () => {
    const [bar] = motionBars([80], 0, 10_000, { start: 5_000, end: 1_005_000 }, 100);
    expect(bar!.x).toBe(0);
    expect(bar!.width).toBe(1);
  });
});

describe('event markers', () => {
  it('merges events closer than a mark and leaves out those outside the window', () => {
    const events = [{ start: 0 }, { start: 100 }, { start: 150 }, { start: 5_000 }, { start: 20_000 }];
    // 100 px for 10 s: the first three lie within 1.5 px of each other
    const groups = groupMarkers(events, { start: 0, end: 10_000 }, 100, 6);
    expect(groups.map((g) => g.events.length)).toEqual([3, 1]);
    expect(groups[1]!.x).toBe(50);
    expect(groupMarkers(events, { start: 0, end: 10_000 }, 1000, 6).map((g) => g.events.length)).toEqual([1, 2, 1]);
  });

  it('colours by what happened', () => {
    expect(markerKind({ label: 'doorbell', trigger: 'doorbell' })).toBe('doorbell');
    expect(markerKind({ label: 'person', trigger: 'motion' })).toBe('object');
    expect(markerKind({ label: 'motion', trigger: 'motion' })).toBe('motion');
  });
});

describe('fetch range', () => {
  it('asks for the window with half its length either side, snapped so small pans hit the cache', () => {
    const now = Date.UTC(2026, 10, 28, 12, 34, 56);
    const window = { start: now - DAY_MS, end: now };
    const range = fetchRange(window);
    expect(range.from).toBeLessThanOrEqual(window.start - DAY_MS / 2);
    expect(range.to).toBeGreaterThanOrEqual(window.end + DAY_MS / 2);
    expect(range.to - range.from).toBeLessThanOrEqual(7 * DAY_MS);
    expect(fetchRange({ start: window.start + MINUTE_MS, end: window.end + MINUTE_MS })).toEqual(range);
    // ~300 buckets over the window
    expect(DAY_MS / range.bucketMs).toBeGreaterThan(150);
    expect(DAY_MS / range.bucketMs).toBeLessThan(800);
  });

  it('uses second-sized buckets zoomed to minutes', () => {
    const range = fetchRange({ start: 10 * HOUR_MS, end: 10 * HOUR_MS + 2 * MINUTE_MS });
    expect(range.bucketMs).toBe(1_000);
    expect(range.from).toBeLessThanOrEqual(10 * HOUR_MS - MINUTE_MS);
  });
});
