import { OBJECT_LABELS } from '@homecam/shared';
import type * as TfjsCore from '@tensorflow/tfjs-core';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { DetectionModel, RawDetection } from './model.js';
import { suppress, WORKER_MIN_SCORE } from './model.js';

/**
 * CenterNet (MobileNetV3 backbone, COCO's 80 classes) as `@vladmandic/human` 3.3.6 ships it: a TensorFlow.js graph
 * (`models/centernet.json` + `centernet.bin`, 4 MB) with a 512×512×3 float input (0–255) and a `tower_0/detections`
 * output of 100 rows `[x1, y1, x2, y2, score, class]` in input pixels. Run on tfjs's WASM backend (one thread,
 * SIMD): no native build, no download. The files are read from disk by an IOHandler of our own: Node 20's fetch
 * has no file:// and nothing may go to the network.
 */

const INPUT_SIZE = 512;
const OUTPUT = 'tower_0/detections';

interface ModelJson {
  modelTopology: unknown;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  signature?: unknown;
  weightsManifest: { paths: string[]; weights: TfjsCore.io.WeightsManifestEntry[] }[];
}

/** The folder of the installed package's models (its exports only name the bundles, so resolve the entry). */
export function humanModelsDirectory(): string {
  const entry = createRequire(import.meta.url).resolve('@vladmandic/human');
  return join(dirname(entry), '..', 'models');
}

type Tfjs = typeof TfjsCore;

/** tfjs with the WASM backend, initialised once per worker. */
async function wasmBackend(): Promise<Tfjs> {
  const tf = await import('@tensorflow/tfjs-core');
  const wasm = await import('@tensorflow/tfjs-backend-wasm');
  if (tf.getBackend() !== 'wasm') {
    const wasmFile = createRequire(import.meta.url).resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm');
    wasm.setWasmPaths(`${dirname(wasmFile)}/`);
    // One thread per worker: the pool's workers are the parallelism, and 2 cores are shared with video.
    wasm.setThreadsCount(1);
    if (!(await tf.setBackend('wasm'))) throw new Error('the tfjs WASM backend did not start');
    await tf.ready();
  }
  return tf;
}

export async function loadCenterNet(directory = humanModelsDirectory()): Promise<DetectionModel> {
  const tf = await wasmBackend();
  const { loadGraphModel } = await import('@tensorflow/tfjs-converter');
  const json = JSON.parse(await readFile(join(directory, 'centernet.json'), 'utf8')) as ModelJson;
  const manifest = json.weightsManifest;
  const chunks = await Promise.all(manifest.flatMap((group) => group.paths).map((path) => readFile(join(directory, path.replace(/^.*[/\\]/, '')))));
  const weights = Buffer.concat(chunks);
  const model = await loadGraphModel({
    load: () => Promise.resolve({
      modelTopology: json.modelTopology as object,
      weightSpecs: manifest.flatMap((group) => group.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.length),
      ...(json.format ? { format: json.format } : {}),
      ...(json.generatedBy ? { generatedBy: json.generatedBy } : {}),
      ...(json.convertedBy ? { convertedBy: json.convertedBy } : {}),
      ...(json.signature ? { signature: json.signature } : {}),
    }),
  });
  return {
    name: 'centernet-mobilenetv3',
    inputSize: INPUT_SIZE,
    async run(input: Float32Array): Promise<RawDetection[]> {
      const output = tf.tidy(() => model.execute(tf.tensor4d(input, [1, INPUT_SIZE, INPUT_SIZE, 3]), OUTPUT) as TfjsCore.Tensor);
      const rows = await output.data();
      output.dispose();
      return suppress(decodeRows(rows));
    },
    dispose: () => model.dispose(),
  };
}

/** `[x1, y1, x2, y2, score, class]` rows → detections at or above WORKER_MIN_SCORE. */
export function decodeRows(rows: ArrayLike<number>): RawDetection[] {
  const found: RawDetection[] = [];
  for (let i = 0; i + 6 <= rows.length; i += 6) {
    const score = rows[i + 4]!;
    const label = OBJECT_LABELS[rows[i + 5]!];
    if (!(score >= WORKER_MIN_SCORE) || label === undefined) continue;
    const x1 = rows[i]!;
    const y1 = rows[i + 1]!;
    found.push({ label, score, box: { x: x1, y: y1, width: rows[i + 2]! - x1, height: rows[i + 3]! - y1 } });
  }
  return found;
}
