import type { Box } from './geometry.js';

/**
 * Where the picture moved, from the motion analysis' changed-pixel map (one byte a pixel, 1 = changed): the bounding
 * box of the grid cells in which at least `minShare` of the pixels changed. Single changed pixels (sensor noise,
 * compression) make no cell count; null when nothing counts.
 */
export function motionBox(changed: Uint8Array, width: number, height: number, cell = 8, minShare = 0.1): Box | null {
  if (changed.length < width * height) throw new RangeError('changed map is smaller than the frame');
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (let cy = 0; cy < height; cy += cell) {
    const rows = Math.min(cell, height - cy);
    for (let cx = 0; cx < width; cx += cell) {
      const cols = Math.min(cell, width - cx);
      let count = 0;
      for (let y = cy; y < cy + rows; y++) {
        const row = y * width;
        for (let x = cx; x < cx + cols; x++) count += changed[row + x]!;
      }
      if (count === 0 || count < minShare * rows * cols) continue;
      if (cx < x1) x1 = cx;
      if (cy < y1) y1 = cy;
      if (cx + cols > x2) x2 = cx + cols;
      if (cy + rows > y2) y2 = cy + rows;
    }
  }
  return x2 < 0 ? null : { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

/**
 * Whether a box found in a crop was cut by the crop's edge (closer than `slack` pixels to an edge of the crop that
 * is not also the frame's edge): the model saw only part of the object, its box and label are not to be trusted.
 */
export function cutByCrop(box: Box, crop: Box, frame: { width: number; height: number }, slack = 2): boolean {
  const left = crop.x > 0 && box.x - crop.x < slack;
  const top = crop.y > 0 && box.y - crop.y < slack;
  const right = crop.x + crop.width < frame.width && crop.x + crop.width - (box.x + box.width) < slack;
  const bottom = crop.y + crop.height < frame.height && crop.y + crop.height - (box.y + box.height) < slack;
  return left || top || right || bottom;
}
