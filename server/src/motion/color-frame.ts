import type { FrameSize } from './frame-size.js';

/**
 * Colour frames for object detection from the SAME decoder as motion (one decode, no second ffmpeg): ffmpeg
 * packs each analysed frame into one grey image of the colour width, read from stdout like before:
 *
 *   rows 0 … H−1            the colour picture's Y plane (W × H)
 *   rows H … 1.5·H−1        its U and V planes side by side (W/2 × H/2 each)
 *   rows 1.5·H … +h−1       the motion frame (w × h grey, exactly what motion analysed before), padded right to W
 *
 * The motion frame comes out of the same filters as without colour, so motion analysis does not change.
 */

/** Colour pictures are at most this wide (detection crops the moving part; more pixels only cost). */
export const DEFAULT_COLOR_WIDTH = 1280;

/** A planar YUV 4:2:0 picture (views into a buffer that is reused for the next frame). */
export interface ColorFrame {
  format: 'yuv420p';
  width: number;
  height: number;
  y: Uint8Array;
  u: Uint8Array;
  v: Uint8Array;
}

export interface PackedLayout {
  color: FrameSize;
  motion: FrameSize;
  /** Bytes of one packed frame. */
  bytes: number;
}

export function packedLayout(color: FrameSize, motion: FrameSize): PackedLayout {
  if (color.width % 2 || color.height % 2 || motion.width > color.width) throw new RangeError(`colour ${color.width}x${color.height} cannot hold motion ${motion.width}x${motion.height}`);
  return { color, motion, bytes: color.width * (color.height * 1.5 + motion.height) };
}

/** The filter graph (after the optional fps filter, named by `head`) that packs a frame; output label [packed]. */
export function packedFilter(head: string, layout: PackedLayout): string {
  const { color: c, motion: m } = layout;
  return [
    `[0:v:0]${head}split=2[c][m]`,
    `[c]scale=${c.width}:${c.height}:flags=fast_bilinear,format=yuv420p,extractplanes=y+u+v[cy][cu][cv]`,
    '[cu][cv]hstack=inputs=2[cuv]',
    `[m]scale=${m.width}:${m.height}:flags=fast_bilinear,format=gray,pad=${c.width}:${m.height}:0:0[mg]`,
    '[cy][cuv][mg]vstack=inputs=3,format=gray[packed]',
  ].join(';');
}

/** Buffers one packed frame is unpacked into, reused from frame to frame. */
export class PackedFrameReader {
  readonly gray: Uint8Array;
  private readonly u: Uint8Array;
  private readonly v: Uint8Array;

  constructor(readonly layout: PackedLayout) {
    this.gray = new Uint8Array(layout.motion.width * layout.motion.height);
    const chroma = (layout.color.width / 2) * (layout.color.height / 2);
    this.u = new Uint8Array(chroma);
    this.v = new Uint8Array(chroma);
  }

  /** The motion frame of a packed frame (copied into `gray`). */
  motion(packed: Uint8Array): Uint8Array {
    const { color: c, motion: m } = this.layout;
    const start = c.width * c.height * 1.5;
    for (let row = 0; row < m.height; row++) {
      const from = start + row * c.width;
      this.gray.set(packed.subarray(from, from + m.width), row * m.width);
    }
    return this.gray;
  }

  /** The colour picture of a packed frame: Y as a view, U and V copied out of their side-by-side rows. */
  color(packed: Uint8Array): ColorFrame {
    const { width, height } = this.layout.color;
    const half = width / 2;
    const base = width * height;
    for (let row = 0; row < height / 2; row++) {
      const from = base + row * width;
      this.u.set(packed.subarray(from, from + half), row * half);
      this.v.set(packed.subarray(from + half, from + width), row * half);
    }
    return { format: 'yuv420p', width, height, y: packed.subarray(0, base), u: this.u, v: this.v };
  }
}
