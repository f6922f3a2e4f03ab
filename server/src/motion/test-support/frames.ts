/** Synthetic grey frames for the analysis tests. */

export const W = 320;
export const H = 180;

/** A frame of one grey level. */
export function flat(level: number, width = W, height = H): Uint8Array {
  return new Uint8Array(width * height).fill(level);
}

/** A copy of `base` with the rectangle [x0, x1) × [y0, y1) (pixels) set to `level`. */
export function withRect(base: Uint8Array, x0: number, y0: number, x1: number, y1: number, level: number, width = W): Uint8Array {
  const frame = base.slice();
  for (let y = y0; y < y1; y++) frame.fill(level, y * width + x0, y * width + x1);
  return frame;
}

/** A copy of `base` with exactly `count` pixels (from the top-left, row by row inside the rectangle) changed by `delta`. */
export function withChangedPixels(
  base: Uint8Array,
  count: number,
  delta: number,
  rect: { x0: number; y0: number; x1: number; y1: number } = { x0: 0, y0: 0, x1: W, y1: H },
  width = W,
): Uint8Array {
  const frame = base.slice();
  let left = count;
  for (let y = rect.y0; y < rect.y1 && left > 0; y++) {
    for (let x = rect.x0; x < rect.x1 && left > 0; x++, left--) {
      const i = y * width + x;
      frame[i] = Math.max(0, Math.min(255, frame[i]! + delta));
    }
  }
  if (left > 0) throw new Error('rectangle too small');
  return frame;
}

/** A deterministic textured picture (so that brightness changes move every pixel). */
export function textured(seed = 1, width = W, height = H): Uint8Array {
  const frame = new Uint8Array(width * height);
  let s = seed;
  for (let i = 0; i < frame.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    frame[i] = 60 + ((s >> 16) % 120);
  }
  return frame;
}

/** `base` with every pixel brighter by `delta` (clamped): the lights went on. */
export function brighter(base: Uint8Array, delta: number): Uint8Array {
  return base.map((v) => Math.max(0, Math.min(255, v + delta)));
}
