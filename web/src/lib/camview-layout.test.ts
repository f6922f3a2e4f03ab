import { describe, expect, it } from 'vitest';
import { defaultLayout, gridShape, isValidLayout, moveTile, resizeTile, setTileMode } from './camview-layout';

const names = (n: number) => Array.from({ length: n }, (_, i) => `cam${i + 1}`);
const at = (layout: ReturnType<typeof defaultLayout>, name: string) => layout.tiles.find((t) => t.name === name);

describe('camview layout by count', () => {
  it('lays out 1 full, 2 side by side or stacked, up to 4 in 2×2, up to 6 in 3×2, more in 3+ columns', () => {
    expect(gridShape(1)).toEqual({ cols: 1, rows: 1 });
    expect(gridShape(2)).toEqual({ cols: 2, rows: 1 });
    expect(gridShape(2, true)).toEqual({ cols: 1, rows: 2 });
    expect(gridShape(3)).toEqual({ cols: 2, rows: 2 });
    expect(gridShape(4)).toEqual({ cols: 2, rows: 2 });
    expect(gridShape(5)).toEqual({ cols: 3, rows: 2 });
    expect(gridShape(6, true)).toEqual({ cols: 2, rows: 3 });
    expect(gridShape(7)).toEqual({ cols: 3, rows: 3 });
    expect(gridShape(10)).toEqual({ cols: 4, rows: 3 });
    expect(gridShape(16)).toEqual({ cols: 4, rows: 4 });
    expect(gridShape(10, true)).toEqual({ cols: 3, rows: 4 });
  });

  it('places tiles row by row, two units per cell, live up to four cameras', () => {
    const layout = defaultLayout(names(3));
    expect(layout.cols).toBe(4);
    expect(layout.rows).toBe(4);
    expect(layout.tiles.map(({ x, y, w, h }) => [x, y, w, h])).toEqual([
      [0, 0, 2, 2],
      [2, 0, 2, 2],
      [0, 2, 2, 2],
    ]);
    expect(layout.tiles.every((t) => t.mode === 'live')).toBe(true);
    expect(defaultLayout(names(5)).tiles.every((t) => t.mode === 'snapshot')).toBe(true);
    expect(isValidLayout(defaultLayout(names(11)))).toBe(true);
  });
});

describe('moving and resizing', () => {
  it('moves into free space, kept inside the grid', () => {
    const layout = defaultLayout(names(3));
    expect(at(moveTile(layout, 'cam3', 2, 2), 'cam3')).toMatchObject({ x: 2, y: 2 });
    expect(at(moveTile(layout, 'cam3', 9, 9), 'cam3')).toMatchObject({ x: 2, y: 2 });
  });

  it('swaps with a tile of the same size it is dropped on, even partly', () => {
    const swapped = moveTile(defaultLayout(names(2)), 'cam1', 2, 0);
    expect(at(swapped, 'cam1')).toMatchObject({ x: 2, y: 0 });
    expect(at(swapped, 'cam2')).toMatchObject({ x: 0, y: 0 });
    const partly = moveTile(defaultLayout(names(3)), 'cam3', 2, 1);
    expect(at(partly, 'cam3')).toMatchObject({ x: 2, y: 0 });
    expect(at(partly, 'cam2')).toMatchObject({ x: 0, y: 2 });
  });

  it('refuses a move that covers two tiles', () => {
    const layout = defaultLayout(names(3));
    expect(moveTile(layout, 'cam3', 1, 1)).toBe(layout);
  });

  it('resizes within free space only', () => {
    const layout = defaultLayout(names(3));
    const wide = resizeTile(layout, 'cam3', 4, 2);
    expect(at(wide, 'cam3')).toMatchObject({ w: 4, h: 2 });
    expect(resizeTile(layout, 'cam1', 3, 2)).toBe(layout);
    expect(at(resizeTile(layout, 'cam1', 1, 1), 'cam1')).toMatchObject({ w: 1, h: 1 });
    expect(at(resizeTile(layout, 'cam1', 0, -3), 'cam1')).toMatchObject({ w: 1, h: 1 });
    expect(isValidLayout(wide)).toBe(true);
  });

  it('switches a tile between live and snapshot', () => {
    expect(at(setTileMode(defaultLayout(names(2)), 'cam2', 'snapshot'), 'cam2')?.mode).toBe('snapshot');
  });
});
