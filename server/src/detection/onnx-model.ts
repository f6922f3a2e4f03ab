import { OBJECT_LABELS } from '@homecam/shared';
import type * as OnnxRuntime from 'onnxruntime-node';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { DetectionModel, RawDetection } from './model.js';
import { suppress } from './model.js';
import { decodeYolo } from './yolo-output.js';

/**
 * "Bring your own model": a YOLO-style ONNX detector on onnxruntime-node, when that optional package is installed.
 * Input: one square float image, NCHW `[1, 3, S, S]` or NHWC `[1, S, S, 3]`, RGB scaled to 0–1 (as Ultralytics
 * exports); S from the model (640 when its dimension is symbolic). Output: see yolo-output.ts. Labels: one a line
 * in `<model>.labels` beside the file, else COCO's 80.
 */

type Ort = typeof OnnxRuntime;

export class OnnxRuntimeMissing extends Error {
  override readonly name = 'OnnxRuntimeMissing';
}

async function onnxRuntime(): Promise<Ort> {
  try {
    return await import('onnxruntime-node');
  } catch (error) {
    throw new OnnxRuntimeMissing(`onnxruntime-node is not installed (npm install onnxruntime-node): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
}

const DEFAULT_SIZE = 640;
const MAX_LABELS = 1000;

interface InputShape {
  size: number;
  channelsFirst: boolean;
}

function inputShapeOf(session: OnnxRuntime.InferenceSession): InputShape {
  const meta = (session as { inputMetadata?: readonly { isTensor?: boolean; shape?: readonly (number | string)[] }[] }).inputMetadata?.[0];
  const shape = meta?.isTensor ? meta.shape : undefined;
  if (!shape || shape.length !== 4) return { size: DEFAULT_SIZE, channelsFirst: true };
  const channelsFirst = shape[1] === 3 || shape[3] !== 3;
  const side = channelsFirst ? shape[2] : shape[1];
  return { size: typeof side === 'number' && side > 0 && side <= 2048 ? side : DEFAULT_SIZE, channelsFirst };
}

export async function loadOnnxModel(path: string, labels: readonly string[] = OBJECT_LABELS): Promise<DetectionModel> {
  const ort = await onnxRuntime();
  // One thread: the pool's workers are the parallelism (2 shared cores).
  const session = await ort.InferenceSession.create(path, { executionProviders: ['cpu'], intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all' });
  const { size, channelsFirst } = inputShapeOf(session);
  const inputName = session.inputNames[0]!;
  const outputName = session.outputNames[0]!;
  const planar = new Float32Array(size * size * 3);
  return {
    name: basename(path),
    inputSize: size,
    async run(input: Float32Array): Promise<RawDetection[]> {
      const pixels = size * size;
      if (channelsFirst) {
        for (let i = 0; i < pixels; i++) {
          planar[i] = input[i * 3]! / 255;
          planar[pixels + i] = input[i * 3 + 1]! / 255;
          planar[2 * pixels + i] = input[i * 3 + 2]! / 255;
        }
      } else {
        for (let i = 0; i < planar.length; i++) planar[i] = input[i]! / 255;
      }
      const dims = channelsFirst ? [1, 3, size, size] : [1, size, size, 3];
      const result = await session.run({ [inputName]: new ort.Tensor('float32', planar, dims) });
      const output = result[outputName]!;
      return suppress(decodeYolo(output.data as Float32Array, output.dims, labels));
    },
    dispose: () => void session.release(),
  };
}

/** The ONNX model in `<data>/models/` (the first `*.onnx` by name) and its labels, or null when there is none. */
export async function findUserModel(modelsDirectory: string): Promise<{ path: string; labels?: string[] } | null> {
  let names: string[];
  try {
    names = await readdir(modelsDirectory);
  } catch {
    return null;
  }
  const model = names.filter((name) => name.toLowerCase().endsWith('.onnx')).sort()[0];
  if (!model) return null;
  const path = join(modelsDirectory, model);
  const labelsFile = `${model.slice(0, -'.onnx'.length)}.labels`;
  if (!names.includes(labelsFile)) return { path };
  const text = await readFile(join(modelsDirectory, labelsFile), 'utf8');
  const labels = text.split('\n').map((line) => line.trim().toLowerCase().slice(0, 64)).filter(Boolean).slice(0, MAX_LABELS);
  return labels.length > 0 ? { path, labels } : { path };
}
