/**
 * Boxes, the crop around motion and the letterbox into the model's square input. Pure functions; every box is
 * `{ x, y, width, height }` in pixels of the picture it refers to.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface RegionOptions {
  /** Added around the motion box on every side, as a share of its larger side. Default 0.25. */
  margin?: number;
  /** The smallest crop side in frame pixels: tiny motion still gets context. Default 256 (or the frame). */
  minSide?: number;
}

/**
 * The square crop the detector looks at, as Frigate does: the motion box grown by a margin, made square around
 * its centre, at least `minSide`, moved (not shrunk) to stay inside the frame. A square larger than the frame's
 * short side is cut to the frame there; the letterbox pads it back to square.
 */
export function cropRegion(motion: Box, frame: Size, options: RegionOptions = {}): Box {
  const margin = options.margin ?? 0.25;
  const longest = Math.max(motion.width, motion.height);
  const side = Math.min(Math.max(frame.width, frame.height), Math.max(longest * (1 + 2 * margin), Math.min(options.minSide ?? 256, frame.width, frame.height)));
  const cx = motion.x + motion.width / 2;
  const cy = motion.y + motion.height / 2;
  const width = Math.min(side, frame.width);
  const height = Math.min(side, frame.height);
  const x = clamp(cx - width / 2, 0, frame.width - width);
  const y = clamp(cy - height / 2, 0, frame.height - height);
  return roundBox({ x, y, width, height }, frame);
}

/** Integer box inside the frame, at least 1×1. */
export function roundBox(box: Box, frame: Size): Box {
  const x = clamp(Math.floor(box.x), 0, frame.width - 1);
  const y = clamp(Math.floor(box.y), 0, frame.height - 1);
  const width = clamp(Math.ceil(box.x + box.width) - x, 1, frame.width - x);
  const height = clamp(Math.ceil(box.y + box.height) - y, 1, frame.height - y);
  return { x, y, width, height };
}

/** Where a crop lands in the model's square input: scaled to fit, centred, the rest padded. */
export interface Letterbox {
  /** Input pixels per crop pixel. */
  scale: number;
  /** Offset of the scaled crop inside the input. */
  padX: number;
  padY: number;
  /** Size of the scaled crop inside the input. */
  width: number;
  height: number;
}

export function letterbox(crop: Size, inputSize: number): Letterbox {
  const scale = inputSize / Math.max(crop.width, crop.height);
  const width = Math.min(inputSize, Math.round(crop.width * scale));
  const height = Math.min(inputSize, Math.round(crop.height * scale));
  return { scale, padX: Math.floor((inputSize - width) / 2), padY: Math.floor((inputSize - height) / 2), width, height };
}

/** A box in model-input pixels back to frame pixels, clipped to the crop. */
export function toFrameBox(box: Box, crop: Box, lb: Letterbox): Box {
  const x1 = clamp((box.x - lb.padX) / lb.scale, 0, crop.width);
  const y1 = clamp((box.y - lb.padY) / lb.scale, 0, crop.height);
  const x2 = clamp((box.x + box.width - lb.padX) / lb.scale, 0, crop.width);
  const y2 = clamp((box.y + box.height - lb.padY) / lb.scale, 0, crop.height);
  return { x: crop.x + x1, y: crop.y + y1, width: x2 - x1, height: y2 - y1 };
}

export function area(box: Box): number {
  return Math.max(0, box.width) * Math.max(0, box.height);
}

/** Intersection over union, 0–1. */
export function iou(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (area(a) + area(b) - inter);
}

/** Scales a box from one picture size to another (motion frame → colour frame). */
export function scaleBox(box: Box, from: Size, to: Size): Box {
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  return { x: box.x * sx, y: box.y * sy, width: box.width * sx, height: box.height * sy };
}

export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}
