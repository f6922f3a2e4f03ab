import jpeg from 'jpeg-js';
import type { Box } from './geometry.js';
import { toRgba, type Picture, type RgbImage } from './pixels.js';

/**
 * JPEG in and out of the detector workers with jpeg-js (pure JavaScript, no native build). Decoding is bounded:
 * a hostile file cannot claim more than 16 megapixels or 256 MB.
 */

const MAX_MEGAPIXELS = 16;
const MAX_MEMORY_MB = 256;
const OUTLINE = [255, 64, 0] as const;

export function decodeJpeg(data: Uint8Array): RgbImage {
  let image: { width: number; height: number; data: Uint8Array };
  try {
    image = jpeg.decode(data, { useTArray: true, formatAsRGBA: false, maxResolutionInMP: MAX_MEGAPIXELS, maxMemoryUsageInMB: MAX_MEMORY_MB });
  } catch (error) {
    throw new Error(`not a readable JPEG: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return { format: 'rgb', width: image.width, height: image.height, data: image.data };
}

/** The picture as a JPEG, at most `maxWidth` wide, with each box drawn as a 2-pixel outline. */
export function encodeJpeg(picture: Picture, boxes: readonly Box[], quality: number, maxWidth: number): Uint8Array {
  const rgba = toRgba(picture, maxWidth);
  const scale = rgba.width / picture.width;
  for (const box of boxes) outline(rgba, { x: box.x * scale, y: box.y * scale, width: box.width * scale, height: box.height * scale });
  const encoded = jpeg.encode({ width: rgba.width, height: rgba.height, data: rgba.data }, Math.min(95, Math.max(10, Math.round(quality))));
  return new Uint8Array(encoded.data.buffer, encoded.data.byteOffset, encoded.data.length);
}

function outline(image: RgbImage, box: Box, thickness = 2): void {
  const x1 = Math.max(0, Math.round(box.x));
  const y1 = Math.max(0, Math.round(box.y));
  const x2 = Math.min(image.width - 1, Math.round(box.x + box.width));
  const y2 = Math.min(image.height - 1, Math.round(box.y + box.height));
  if (x2 < x1 || y2 < y1) return;
  const paint = (x: number, y: number): void => {
    const i = (y * image.width + x) * 4;
    image.data[i] = OUTLINE[0];
    image.data[i + 1] = OUTLINE[1];
    image.data[i + 2] = OUTLINE[2];
  };
  for (let t = 0; t < thickness; t++) {
    for (let x = x1; x <= x2; x++) {
      paint(x, Math.min(y2, y1 + t));
      paint(x, Math.max(y1, y2 - t));
    }
    for (let y = y1; y <= y2; y++) {
      paint(Math.min(x2, x1 + t), y);
      paint(Math.max(x1, x2 - t), y);
    }
  }
}
