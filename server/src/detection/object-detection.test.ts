import { describe, expect, it } from 'vitest';
import { copyPicture } from './object-detection.js';

const yuv = (width: number, height: number, value: number) => ({
  format: 'yuv420p' as const, width, height,
  y: new Uint8Array(width * height).fill(value), u: new Uint8Array((width * height) / 4).fill(value), v: new Uint8Array((width * height) / 4).fill(value),
});

describe('the one copy of a frame', () => {
  it('goes into the buffers a worker handed back when they fit, else into new ones; never shares the source', () => {
    const source = yuv(8, 8, 7);
    const spare = yuv(8, 8, 0);
    const copy = copyPicture(source, spare);
    expect(copy.format === 'yuv420p' && copy.y.buffer).toBe(spare.y.buffer); // no allocation
    expect(copy.format === 'yuv420p' && [...copy.y, ...copy.u, ...copy.v].every((value) => value === 7)).toBe(true);
    // the motion decoder reuses its buffers for the next frame: the copy must not change with them
    source.y.fill(9);
    expect(copy.format === 'yuv420p' && copy.y[0]).toBe(7);
    // another size (the camera's stream changed): fresh buffers
    const resized = copyPicture(yuv(16, 8, 3), spare);
    expect(resized.format === 'yuv420p' && resized.y.buffer).not.toBe(spare.y.buffer);
    expect(resized.format === 'yuv420p' && resized.y.length).toBe(128);
  });
});
