import { describe, expect, it } from 'vitest';
import { tileStream } from './tile-stream';

const grid = { cols: 4, rows: 4 };

describe('tileStream', () => {
  it('plays the sub stream in tiles of half the grid or less', () => {
    expect(tileStream({ w: 2, h: 2 }, grid, true)).toBe('sub');
    expect(tileStream({ w: 4, h: 2 }, grid, true)).toBe('sub');
  });

  it('plays the main stream in a tile that fills most of the grid', () => {
    expect(tileStream({ w: 4, h: 3 }, grid, true)).toBe('main');
    expect(tileStream({ w: 4, h: 4 }, grid, true)).toBe('main');
  });

  it('plays the main stream when the camera has no sub stream', () => {
    expect(tileStream({ w: 1, h: 1 }, grid, false)).toBe('main');
  });
});
