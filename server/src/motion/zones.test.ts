import { describe, expect, it } from 'vitest';
import { maskToBitmap, rasterizeZones, type PercentPoint } from './zones.js';

function rows(coords: PercentPoint[][], width: number, height: number, rule: 'evenodd' | 'nonzero' = 'evenodd'): string[] {
  const bitmap = maskToBitmap(rasterizeZones(coords.map((c) => ({ coords: c })), width, height, rule), width, height);
  return Array.from({ length: height }, (_, y) => [...bitmap.subarray(y * width, (y + 1) * width)].map((v) => (v ? '#' : '.')).join(''));
}

describe('rasterizeZones', () => {
  it('no zones = the whole frame as one zone', () => {
    const [mask, ...rest] = rasterizeZones([], 8, 4);
    expect(rest).toHaveLength(0);
    expect(mask).toMatchObject({ zone: -1, pixels: 32 });
    expect(maskToBitmap([mask!], 8, 4).every((v) => v === 1)).toBe(true);
  });

  it('a full-frame polygon covers every pixel, exactly once', () => {
    const [mask] = rasterizeZones([{ coords: [[0, 0], [100, 0], [100, 100], [0, 100]] }], 320, 180);
    expect(mask!.pixels).toBe(320 * 180);
    expect([...mask!.spans]).toEqual([0, 320 * 180]); // full rows merge into one run
  });

  it('maps percent to pixels by pixel centres (left/top half of an 8x4 frame)', () => {
    expect(rows([[[0, 0], [50, 0], [50, 50], [0, 50]]], 8, 4)).toEqual(['####....', '####....', '........', '........']);
  });

  it('rasterises a triangle', () => {
    expect(rows([[[0, 0], [100, 0], [0, 100]]], 8, 8)).toEqual([
      '#######.',
      '######..',
      '#####...',
      '####....',
      '###.....',
      '##......',
      '#.......',
      '........',
    ]);
  });

  it('keeps each zone separate and reports its pixel count', () => {
    const masks = rasterizeZones(
      [
        { coords: [[0, 0], [25, 0], [25, 100], [0, 100]] },
        { coords: [[50, 50], [100, 50], [100, 100], [50, 100]] },
      ],
      8,
      4,
    );
    expect(masks.map((m) => [m.zone, m.pixels])).toEqual([[0, 8], [1, 8]]);
  });

  // A self-intersecting outline: an outer square and, drawn in the same direction, an inner square joined
  // to it by a seam. Even-odd leaves the inner square a hole; non-zero fills it.
  const squareWithInner: PercentPoint[] = [
    [0, 0], [100, 0], [100, 100], [0, 100], [0, 0],
    [25, 25], [75, 25], [75, 75], [25, 75], [25, 25],
  ];

  it('even-odd fill leaves a doubly wound area empty', () => {
    expect(rows([squareWithInner], 8, 8, 'evenodd')).toEqual([
      '########',
      '########',
      '##....##',
      '##....##',
      '##....##',
      '##....##',
      '########',
      '########',
    ]);
  });

  it('non-zero fill fills a doubly wound area', () => {
    expect(rows([squareWithInner], 8, 8, 'nonzero').every((r) => r === '########')).toBe(true);
  });

  it('a five-pointed star: even-odd has a hole in the middle, non-zero does not', () => {
    const star: PercentPoint[] = [0, 1, 2, 3, 4].map((k) => {
      const a = -Math.PI / 2 + (k * 4 * Math.PI) / 5;
      return [50 + 48 * Math.cos(a), 50 + 48 * Math.sin(a)];
    });
    const centre = (rule: 'evenodd' | 'nonzero') => rows([star], 40, 40, rule)[20]![20];
    expect(centre('evenodd')).toBe('.');
    expect(centre('nonzero')).toBe('#');
  });

  it('a zone without area never covers a pixel; points outside 0–100 are clamped', () => {
    const [line] = rasterizeZones([{ coords: [[10, 10], [90, 90], [50, 50]] }], 16, 16);
    expect(line!.pixels).toBe(0);
    const [clamped] = rasterizeZones([{ coords: [[-20, -20], [150, -20], [150, 150], [-20, 150]] }], 16, 16);
    expect(clamped!.pixels).toBe(256);
  });

  it('polygons with fewer than three points are skipped; none left = the whole frame', () => {
    expect(rasterizeZones([{ coords: [[0, 0], [50, 50]] }], 4, 4)).toEqual([expect.objectContaining({ zone: -1, pixels: 16 })]);
    const masks = rasterizeZones([{ coords: [[0, 0], [50, 50]] }, { coords: [[0, 0], [100, 0], [100, 100]] }], 4, 4);
    expect(masks.map((m) => m.zone)).toEqual([1]);
  });

  it('spans are ordered and do not overlap', () => {
    const [mask] = rasterizeZones([{ coords: [[5, 5], [95, 20], [60, 95], [30, 50], [10, 90]] }], 320, 180);
    const s = mask!.spans;
    for (let i = 0; i < s.length; i += 2) {
      expect(s[i]!).toBeLessThan(s[i + 1]!);
      if (i > 0) expect(s[i]!).toBeGreaterThan(s[i - 1]!);
    }
  });

  it('rejects an invalid frame size', () => {
    expect(() => rasterizeZones([], 0, 10)).toThrow(RangeError);
  });
});
