import { describe, expect, it } from 'vitest';
import { canCloseZone, closeZone, pointToPercent, polygonArea, roundPercent, toSvgPoints } from './zone-geometry';
import { motionPatch } from './motion-patch';

describe('roundPercent', () => {
  it('rounds to 0.1 and clamps to 0–100', () => {
    expect(roundPercent(12.345)).toBe(12.3);
    expect(roundPercent(12.35)).toBe(12.4);
    expect(roundPercent(-3)).toBe(0);
    expect(roundPercent(100.04)).toBe(100);
    expect(roundPercent(Number.NaN)).toBe(0);
  });
});

describe('pointToPercent', () => {
  const box = { left: 10, top: 20, width: 200, height: 100 };
  it('maps client coordinates to percent of the box', () => {
    expect(pointToPercent(10, 20, box)).toEqual([0, 0]);
    expect(pointToPercent(110, 70, box)).toEqual([50, 50]);
    expect(pointToPercent(210, 120, box)).toEqual([100, 100]);
    expect(pointToPercent(10 + 200 / 3, 20 + 100 / 3, box)).toEqual([33.3, 33.3]);
  });
  it('clamps points outside the box and refuses an empty box', () => {
    expect(pointToPercent(0, 500, box)).toEqual([0, 100]);
    expect(pointToPercent(5, 5, { left: 0, top: 0, width: 0, height: 10 })).toBeNull();
  });
});

describe('closing a zone', () => {
  it('needs three distinct points that are not on one line', () => {
    expect(canCloseZone([[0, 0], [10, 10]])).toBe(false);
    expect(canCloseZone([[0, 0], [10, 10], [10, 10]])).toBe(false);
    expect(canCloseZone([[0, 0], [10, 10], [20, 20]])).toBe(false);
    expect(canCloseZone([[0, 0], [10, 0], [0, 10]])).toBe(true);
  });
  it('returns a finished zone with rounded points, consecutive repeats dropped', () => {
    expect(closeZone([[0.04, 0], [10.06, 0], [10.06, 0], [0, 10]])).toEqual({ finished: true, coords: [[0, 0], [10.1, 0], [0, 10]] });
    expect(closeZone([[0, 0], [1, 1]])).toBeNull();
  });
  it('computes the area and the SVG points', () => {
    expect(Math.abs(polygonArea([[0, 0], [10, 0], [10, 10], [0, 10]]))).toBe(100);
    expect(toSvgPoints([[1, 2], [3.5, 4]])).toBe('1,2 3.5,4');
  });
});

describe('motionPatch', () => {
  const values = { sensitivity: 75, difference: 5, dwellTimer: 60, forceCloseTimer: 3, motionTimeout: 15 };
  it('sends only what changed, regions whole', () => {
    expect(motionPatch({ values, zones: [] }, { values, zones: [] })).toBeNull();
    const zone = { finished: true, coords: [[0, 0], [10, 0], [0, 10]] as [number, number][] };
    expect(motionPatch({ values, zones: [] }, { values: { ...values, sensitivity: 40, motionTimeout: 0 }, zones: [zone] })).toEqual({
      videoanalysis: { sensitivity: 40, regions: [zone] },
      motionTimeout: 0,
    });
  });
});
