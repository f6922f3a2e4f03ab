import { describe, expect, it } from 'vitest';
import { liveEdgeDecision, quotaTrimRange, reconnectDelayMs, toRanges, trimRange } from './live-policy';

describe('live edge', () => {
  it('does nothing without media', () => {
    expect(liveEdgeDecision([], 0)).toEqual({ seekTo: null, playbackRate: 1 });
  });

  it('plays at normal speed close to the edge', () => {
    expect(liveEdgeDecision([{ start: 10, end: 12 }], 11.7)).toEqual({ seekTo: null, playbackRate: 1 });
  });

  it('catches up slightly faster with a small lag', () => {
    expect(liveEdgeDecision([{ start: 10, end: 12 }], 11)).toEqual({ seekTo: null, playbackRate: 1.05 });
  });

  it('jumps to just before the end when more than 1.5 s behind', () => {
    expect(liveEdgeDecision([{ start: 10, end: 14 }], 12.4)).toEqual({ seekTo: 13.7, playbackRate: 1 });
    expect(liveEdgeDecision([{ start: 10, end: 14 }], 12.6).seekTo).toBeNull();
  });

  it('jumps into the newest range when the playhead is before it (start, or a gap after a drop)', () => {
    expect(liveEdgeDecision([{ start: 4711, end: 4712 }], 0).seekTo).toBeCloseTo(4711.7);
    expect(liveEdgeDecision([{ start: 1, end: 5 }, { start: 6, end: 6.2 }], 5).seekTo).toBe(6);
  });
});

describe('trimming', () => {
  it('keeps 10 s behind the playhead and removes in batches', () => {
    expect(trimRange([{ start: 0, end: 20 }], 14)).toBeNull();
    expect(trimRange([{ start: 0, end: 20 }], 15)).toEqual({ start: 0, end: 5 });
    expect(trimRange([], 100)).toBeNull();
  });

  it('frees all but 2 s behind the playhead when the quota is exceeded', () => {
    expect(quotaTrimRange([{ start: 3, end: 9 }], 8)).toEqual({ start: 3, end: 6 });
    expect(quotaTrimRange([{ start: 3, end: 9 }], 4)).toBeNull();
  });

  it('reads TimeRanges', () => {
    const buffered = { length: 2, start: (i: number) => [1, 5][i] ?? 0, end: (i: number) => [2, 6][i] ?? 0 };
    expect(toRanges(buffered)).toEqual([
      { start: 1, end: 2 },
      { start: 5, end: 6 },
    ]);
  });
});

describe('reconnect backoff', () => {
  it('doubles from 500 ms up to 5 s', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(reconnectDelayMs)).toEqual([500, 1000, 2000, 4000, 5000, 5000, 5000]);
  });
});
