import type { RawDetection } from './model.js';
import { WORKER_MIN_SCORE } from './model.js';

/**
 * Decodes the output of a YOLO-style ONNX detector, in input pixels. Two layouts exist in the wild:
 * - `[1, 4 + C, N]` (YOLOv8/v11, YOLO-NAS exports): per candidate cx, cy, w, h, then C class scores, column-wise;
 * - `[1, N, 5 + C]` (YOLOv5/v7): per candidate cx, cy, w, h, objectness, then C class scores (score = obj × class);
 *   `[1, N, 4 + C]` (a transposed v8 export) is read the same way without objectness.
 * C is the number of labels; the layout is recognised from the dimensions.
 */
export type YoloLayout = 'channels-first' | 'rows-objectness' | 'rows';

export function yoloLayout(dims: readonly number[], classes: number): YoloLayout {
  if (dims.length !== 3 || dims[0] !== 1) throw new Error(`unsupported output shape [${dims.join(', ')}]: expected [1, 4+classes, N] or [1, N, 5+classes]`);
  const [, a, b] = dims as [number, number, number];
  if (a === 4 + classes) return 'channels-first';
  if (b === 5 + classes) return 'rows-objectness';
  if (b === 4 + classes) return 'rows';
  throw new Error(`output shape [${dims.join(', ')}] does not fit ${classes} labels`);
}

export function decodeYolo(data: ArrayLike<number>, dims: readonly number[], labels: readonly string[], minScore = WORKER_MIN_SCORE): RawDetection[] {
  const layout = yoloLayout(dims, labels.length);
  const classes = labels.length;
  const n = layout === 'channels-first' ? dims[2]! : dims[1]!;
  const stride = dims[2]!; // N columns (channels-first) or the row length
  // value of field f (0 = cx, …) of candidate i
  const at = layout === 'channels-first' ? (i: number, f: number) => data[f * stride + i]! : (i: number, f: number) => data[i * stride + f]!;
  const first = layout === 'rows-objectness' ? 5 : 4;
  const found: RawDetection[] = [];
  for (let i = 0; i < n; i++) {
    const objectness = layout === 'rows-objectness' ? at(i, 4) : 1;
    if (!(objectness >= minScore)) continue;
    let best = -1;
    let bestScore = 0;
    for (let c = 0; c < classes; c++) {
      const score = at(i, first + c) * objectness;
      if (score > bestScore) {
        bestScore = score;
        best = c;
      }
    }
    if (best < 0 || !(bestScore >= minScore)) continue;
    const w = at(i, 2);
    const h = at(i, 3);
    found.push({ label: labels[best]!, score: Math.min(1, bestScore), box: { x: at(i, 0) - w / 2, y: at(i, 1) - h / 2, width: w, height: h } });
  }
  return found;
}
