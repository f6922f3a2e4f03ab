import type { ColorFrame } from '../motion/index.js';
import type { Box, Letterbox } from './geometry.js';

/**
 * The pictures the detector takes, and how a crop of one becomes the model's input. Pure, allocation-free apart
 * from what the caller passes in.
 */

/** Packed RGB (3 bytes a pixel) or RGBA (4, alpha ignored), row-major. */
export interface RgbImage {
  format: 'rgb' | 'rgba';
  width: number;
  height: number;
  data: Uint8Array;
}

/** Planar YUV 4:2:0 as the motion decoder hands it over: Y full size, U and V half size in both directions. */
export type Yuv420Image = ColorFrame;

export type Picture = RgbImage | Yuv420Image;

/** Pixel value of the letterbox padding (grey, as YOLO pads). */
export const PAD_VALUE = 114;

/** Bytes a picture's pixels take, checked before anything reads them. */
export function checkPicture(picture: Picture): void {
  const { width, height } = picture;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width * height > 16_777_216) {
    throw new RangeError(`picture size ${width}x${height} is not supported`);
  }
  if (picture.format === 'yuv420p') {
    const chroma = Math.ceil(width / 2) * Math.ceil(height / 2);
    if (picture.y.length < width * height || picture.u.length < chroma || picture.v.length < chroma) throw new RangeError('yuv420p planes are too short');
    return;
  }
  const channels = picture.format === 'rgba' ? 4 : 3;
  if (picture.data.length < width * height * channels) throw new RangeError(`${picture.format} data is too short`);
}

/** Reads one pixel as RGB into `out` (BT.601 limited range for YUV, as cameras send it). */
type Sampler = (x: number, y: number, out: Float32Array) => void;

function samplerOf(picture: Picture): Sampler {
  if (picture.format !== 'yuv420p') {
    const { data, width } = picture;
    const channels = picture.format === 'rgba' ? 4 : 3;
    return (x, y, out) => {
      const i = (y * width + x) * channels;
      out[0] = data[i]!;
      out[1] = data[i + 1]!;
      out[2] = data[i + 2]!;
    };
  }
  const { y: yp, u: up, v: vp, width } = picture;
  const cw = Math.ceil(width / 2);
  return (x, y, out) => {
    const c = (y >> 1) * cw + (x >> 1);
    const luma = 1.164 * (yp[y * width + x]! - 16);
    const cb = up[c]! - 128;
    const cr = vp[c]! - 128;
    out[0] = luma + 1.596 * cr;
    out[1] = luma - 0.392 * cb - 0.813 * cr;
    out[2] = luma + 2.017 * cb;
  };
}

/**
 * Fills `input` (size × size × 3, NHWC float 0–255) with the crop of `picture`, scaled bilinearly into the
 * letterbox and padded with PAD_VALUE elsewhere.
 */
export function fillInput(input: Float32Array, size: number, picture: Picture, crop: Box, lb: Letterbox): void {
  if (input.length !== size * size * 3) throw new RangeError(`input holds ${input.length} values, expected ${size * size * 3}`);
  input.fill(PAD_VALUE);
  const sample = samplerOf(picture);
  const p00 = new Float32Array(3);
  const p01 = new Float32Array(3);
  const p10 = new Float32Array(3);
  const p11 = new Float32Array(3);
  const maxX = crop.x + crop.width - 1;
  const maxY = crop.y + crop.height - 1;
  for (let oy = 0; oy < lb.height; oy++) {
    const sy = Math.min(maxY, Math.max(crop.y, crop.y + (oy + 0.5) / lb.scale - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(maxY, y0 + 1);
    const fy = sy - y0;
    let o = ((oy + lb.padY) * size + lb.padX) * 3;
    for (let ox = 0; ox < lb.width; ox++, o += 3) {
      const sx = Math.min(maxX, Math.max(crop.x, crop.x + (ox + 0.5) / lb.scale - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(maxX, x0 + 1);
      const fx = sx - x0;
      sample(x0, y0, p00);
      sample(x1, y0, p01);
      sample(x0, y1, p10);
      sample(x1, y1, p11);
      for (let c = 0; c < 3; c++) {
        const top = p00[c]! + (p01[c]! - p00[c]!) * fx;
        const bottom = p10[c]! + (p11[c]! - p10[c]!) * fx;
        const value = top + (bottom - top) * fy;
        input[o + c] = value < 0 ? 0 : value > 255 ? 255 : value;
      }
    }
  }
}

/** The whole picture as packed RGBA (for the JPEG encoder of the snapshot), at most `maxWidth` wide. */
export function toRgba(picture: Picture, maxWidth = 1280): RgbImage {
  const step = Math.max(1, Math.ceil(picture.width / maxWidth));
  const width = Math.floor(picture.width / step);
  const height = Math.floor(picture.height / step);
  const data = new Uint8Array(width * height * 4);
  const sample = samplerOf(picture);
  const px = new Float32Array(3);
  for (let y = 0, o = 0; y < height; y++) {
    for (let x = 0; x < width; x++, o += 4) {
      sample(x * step, y * step, px);
      data[o] = clampByte(px[0]!);
      data[o + 1] = clampByte(px[1]!);
      data[o + 2] = clampByte(px[2]!);
      data[o + 3] = 255;
    }
  }
  return { format: 'rgba', width, height, data };
}

function clampByte(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
}
