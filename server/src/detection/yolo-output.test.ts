import { describe, expect, it } from 'vitest';
import { suppress } from './model.js';
import { decodeYolo, yoloLayout } from './yolo-output.js';

const labels = ['person', 'car'];

describe('YOLO output decoding', () => {
  it('reads [1, 4+C, N] (v8) column-wise', () => {
    // two candidates: a person at (100,100) 20x40 scoring 0.9, a weak car
    const data = [100, 300, /* cy */ 100, 300, /* w */ 20, 50, /* h */ 40, 30, /* person */ 0.9, 0.05, /* car */ 0.1, 0.1];
    expect(yoloLayout([1, 6, 2], 2)).toBe('channels-first');
    expect(decodeYolo(data, [1, 6, 2], labels)).toEqual([{ label: 'person', score: 0.9, box: { x: 90, y: 80, width: 20, height: 40 } }]);
  });

  it('reads [1, N, 5+C] (v5) rows with objectness', () => {
    const data = [50, 50, 10, 10, 0.8, 0.1, 0.9, /* next */ 10, 10, 4, 4, 0.1, 0.9, 0.1];
    expect(decodeYolo(data, [1, 2, 7], labels)).toEqual([{ label: 'car', score: 0.8 * 0.9, box: { x: 45, y: 45, width: 10, height: 10 } }]);
  });

  it('refuses shapes that fit neither layout', () => {
    expect(() => yoloLayout([1, 9, 100], 2)).toThrow(/does not fit 2 labels/);
    expect(() => yoloLayout([2, 6, 100], 2)).toThrow(/unsupported output shape/);
  });

  it('keeps the best of overlapping boxes per label', () => {
    const box = { x: 0, y: 0, width: 10, height: 10 };
    const kept = suppress([
      { label: 'person', score: 0.6, box },
      { label: 'person', score: 0.9, box: { ...box, x: 1 } },
      { label: 'car', score: 0.5, box },
    ]);
    expect(kept.map((d) => `${d.label}:${d.score}`)).toEqual(['person:0.9', 'car:0.5']);
  });
});
