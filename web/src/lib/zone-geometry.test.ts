import { describe, expect, it } from 'vitest';
import {
  arrowKeyStep,
  canCloseZone,
  canRemovePoint,
  closeZone,
  movePoint,
  nudgePoint,
  pointToPercent,
  polygonArea,
  removePoint,
  roundPercent,
  toSvgPoints,
  type ZonePoint,
} from './zone-geometry';

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

describe('editing points', () => {
  const triangle: ZonePoint[] = [[20, 20], [80, 20], [50, 80]];
  it('moves one point, rounded and clamped to the picture, without changing the input', () => {
    expect(movePoint(triangle, 1, [70.04, 40])).toEqual([[20, 20], [70, 40], [50, 80]]);
    expect(movePoint(triangle, 0, [-5, 130])).toEqual([[0, 100], [80, 20], [50, 80]]);
    expect(movePoint(triangle, 3, [1, 1])).toEqual(triangle);
    expect(triangle[1]).toEqual([80, 20]);
  });
  it('nudges a point by a step and stops at the edges', () => {
    expect(nudgePoint(triangle, 2, 1, -5)).toEqual([[20, 20], [80, 20], [51, 75]]);
    expect(nudgePoint([[99.5, 0.5]], 0, 5, -5)).toEqual([[100, 0]]);
    expect(nudgePoint(triangle, -1, 1, 1)).toEqual(triangle);
  });
  it('maps arrow keys to steps of 1 % (Shift: 5 %)', () => {
    expect(arrowKeyStep('ArrowLeft', false)).toEqual([-1, 0]);
    expect(arrowKeyStep('ArrowRight', true)).toEqual([5, 0]);
    expect(arrowKeyStep('ArrowUp', false)).toEqual([0, -1]);
    expect(arrowKeyStep('ArrowDown', true)).toEqual([0, 5]);
    expect(arrowKeyStep('Enter', false)).toBeNull();
  });
  it('removes points but keeps at least three in a finished zone', () => {
    const square: ZonePoint[] = [[0, 0], [10, 0], [10, 10], [0, 10]];
    expect(canRemovePoint(square, true)).toBe(true);
    expect(removePoint(square, 1, true)).toEqual([[0, 0], [10, 10], [0, 10]]);
    expect(canRemovePoint(triangle, true)).toBe(false);
    expect(removePoint(triangle, 0, true)).toBeNull();
    expect(removePoint(square, 4, true)).toBeNull();
  });
  it('lets a zone being drawn lose any point', () => {
    expect(removePoint(triangle, 0, false)).toEqual([[80, 20], [50, 80]]);
    expect(removePoint([[5, 5]], 0, false)).toEqual([]);
    expect(canRemovePoint([], false)).toBe(false);
  });
});
