import type { Box } from './geometry.js';

/** One thing a model found, in pixels of its square input; score 0–1. */
export interface RawDetection {
  label: string;
  score: number;
  box: Box;
}

/**
 * A detection model inside a worker: square RGB input (NHWC float 0–255, `inputSize`²), detections out. Each
 * worker loads its own once; `run` is only ever called by that worker, one frame at a time.
 */
export interface DetectionModel {
  readonly name: string;
  readonly inputSize: number;
  run(input: Float32Array): Promise<RawDetection[]>;
  dispose(): void;
}

/** Which model the workers load: the built-in CenterNet, or an ONNX file of the user's (`<data>/models/*.onnx`). */
export type ModelSpec =
  | { kind: 'centernet'; /** the folder holding centernet.json/.bin; default @vladmandic/human's models/ */ directory?: string }
  | { kind: 'onnx'; path: string; /** class names in the model's order; default COCO's 80 */ labels?: string[] };

/** Detections below this never leave the worker (the camera's minimum score filters again). */
export const WORKER_MIN_SCORE = 0.2;
const NMS_IOU = 0.45;

/** Non-maximum suppression per label: the best box of each cluster of overlapping boxes. */
export function suppress(detections: RawDetection[], iouThreshold = NMS_IOU): RawDetection[] {
  const sorted = [...detections].sort((a, b) => b.score - a.score);
  const kept: RawDetection[] = [];
  for (const d of sorted) {
    if (kept.some((k) => k.label === d.label && overlap(k.box, d.box) > iouThreshold)) continue;
    kept.push(d);
  }
  return kept;
}

function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}
