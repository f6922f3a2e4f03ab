import { describe, expect, it } from 'vitest';
import { boundaries, coveredRange, covers, mediaAt, playlistWindow, wallAt, type ClockSegment } from './footage-clock';

const T = Date.UTC(2026, 10, 28, 10, 0, 0);
// three 4 s segments; an outage of 20 s after the second: media time runs on, the wall clock jumps
const segments: ClockSegment[] = [
  { start: 0, duration: 4, date: T },
  { start: 4, duration: 4, date: T + 4_000 },
  { start: 8, duration: 4, date: T + 28_000 },
];

describe('wall clock <-> media time', () => {
  it('maps inside segments both ways', () => {
    expect(wallAt(segments, 0)).toBe(T);
    expect(wallAt(segments, 5.5)).toBe(T + 5_500);
    expect(wallAt(segments, 9)).toBe(T + 29_000);
    expect(mediaAt(segments, T + 5_500)).toEqual({ media: 5.5, wall: T + 5_500 });
    expect(mediaAt(segments, T + 29_000)).toEqual({ media: 9, wall: T + 29_000 });
  });

  it('crosses the outage: the last instant before it and the first after it are adjacent in media time', () => {
    expect(wallAt(segments, 7.999)).toBeCloseTo(T + 7_999, 3);
    expect(wallAt(segments, 8)).toBe(T + 28_000);
  });

  it('lands an instant in the gap at the footage after it', () => {
    expect(mediaAt(segments, T + 15_000)).toEqual({ media: 8, wall: T + 28_000 });
    expect(mediaAt(segments, T - 60_000)).toEqual({ media: 0, wall: T });
  });

  it('has no media time for what the playlist does not hold', () => {
    expect(mediaAt(segments, T + 32_000)).toBeNull();
    expect(mediaAt([], T)).toBeNull();
    expect(wallAt([], 1)).toBeNull();
    expect(wallAt(segments, 100)).toBe(T + 32_000);
  });

  it('knows its range and where files change', () => {
    expect(coveredRange(segments)).toEqual({ start: T, end: T + 32_000 });
    expect(boundaries(segments)).toEqual([4, 8]);
    expect(covers(segments, T + 31_000)).toBe(true);
    expect(covers(segments, T + 32_000)).toBe(false);
  });
});

describe('playlist window', () => {
  it('loads half an hour before and an hour and a half after, never past now', () => {
    const at = T;
    expect(playlistWindow(at, T + 10 * 3_600_000)).toEqual({ from: T - 30 * 60_000, to: T + 90 * 60_000 });
    expect(playlistWindow(at, T + 5 * 60_000)).toEqual({ from: T - 30 * 60_000, to: T + 5 * 60_000 });
    // right at now it still asks for a minute: the range must not be empty
    expect(playlistWindow(at, at).to).toBe(at + 60_000);
  });
});
