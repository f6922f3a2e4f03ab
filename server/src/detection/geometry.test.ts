import { describe, expect, it } from 'vitest';
import { cropRegion, iou, letterbox, toFrameBox } from './geometry.js';
import { cutByCrop, motionBox } from './motion-region.js';

const FRAME = { width: 1280, height: 720 };

describe('crop around motion and letterbox', () => {
  it('makes a square with margin around the motion, at least minSide, moved inside the frame', () => {
    expect(cropRegion({ x: 600, y: 300, width: 40, height: 100 }, FRAME)).toEqual({ x: 492, y: 222, width: 256, height: 256 });
    // large motion: 1.5 × its longer side
    expect(cropRegion({ x: 100, y: 100, width: 300, height: 200 }, FRAME)).toEqual({ x: 25, y: 0, width: 450, height: 450 });
    // at the corner: moved, not shrunk
    expect(cropRegion({ x: 1260, y: 700, width: 20, height: 20 }, FRAME)).toEqual({ x: 1024, y: 464, width: 256, height: 256 });
    // bigger than the frame is tall: the frame's height, full width of the square
    expect(cropRegion({ x: 0, y: 0, width: 1280, height: 720 }, FRAME)).toEqual({ x: 0, y: 0, width: 1280, height: 720 });
  });

  it('maps model boxes back to frame pixels through the letterbox', () => {
    const crop = { x: 200, y: 100, width: 400, height: 200 };
    const lb = letterbox(crop, 512);
    expect(lb).toEqual({ scale: 1.28, padX: 0, padY: 128, width: 512, height: 256 });
    // the crop's top-left quarter in model pixels
    expect(toFrameBox({ x: 0, y: 128, width: 256, height: 128 }, crop, lb)).toEqual({ x: 200, y: 100, width: 200, height: 100 });
    // a box in the padding is clipped to the crop
    expect(toFrameBox({ x: 0, y: 0, width: 64, height: 64 }, crop, lb).height).toBe(0);
  });

  it('computes IoU', () => {
    expect(iou({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: 0, width: 10, height: 10 })).toBeCloseTo(50 / 150);
    expect(iou({ x: 0, y: 0, width: 10, height: 10 }, { x: 20, y: 0, width: 10, height: 10 })).toBe(0);
  });
});

describe('motion region', () => {
  it('boxes the cells where enough changed; lone noisy pixels do not count', () => {
    const w = 64;
    const h = 48;
    const changed = new Uint8Array(w * h);
    changed[5 * w + 60] = 1; // noise
    for (let y = 20; y < 30; y++) for (let x = 16; x < 30; x++) changed[y * w + x] = 1;
    expect(motionBox(changed, w, h)).toEqual({ x: 16, y: 16, width: 16, height: 16 });
    expect(motionBox(new Uint8Array(w * h), w, h)).toBeNull();
  });

  it('flags boxes cut by an inner edge of the crop, not by the frame edge', () => {
    const crop = { x: 100, y: 0, width: 256, height: 256 };
    const frame = { width: 640, height: 360 };
    expect(cutByCrop({ x: 100, y: 50, width: 30, height: 60 }, crop, frame)).toBe(true);
    expect(cutByCrop({ x: 150, y: 0, width: 30, height: 60 }, crop, frame)).toBe(false); // top is the frame's edge
    expect(cutByCrop({ x: 150, y: 50, width: 30, height: 60 }, crop, frame)).toBe(false);
  });
});
