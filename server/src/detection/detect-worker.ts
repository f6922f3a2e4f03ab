import { readFileSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { loadCenterNet } from './centernet-model.js';
import { letterbox, roundBox, toFrameBox } from './geometry.js';
import { decodeJpeg, encodeJpeg } from './jpeg.js';
import type { DetectionModel } from './model.js';
import { loadOnnxModel } from './onnx-model.js';
import { checkPicture, fillInput, type Picture } from './pixels.js';
import { transferListOf, type Detection, type WorkerPicture, type WorkerReply, type WorkerRequest, type WorkerSetup } from './worker-protocol.js';

/**
 * A detector worker thread: loads its model once, then answers one request at a time (the pool sends the next
 * only after the answer). Everything heavy happens here: JPEG decoding, the crop and letterbox, inference,
 * the snapshot's JPEG encoding.
 */

const port = parentPort;
if (!port) throw new Error('detect-worker must run as a worker thread');

/** CPU time of this thread in ms (Linux: /proc/thread-self/stat utime + stime, 10 ms ticks), else null. */
function threadCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Detection is background work: this thread yields to the event loop and the video processes (nice 10, Linux). */
function lowerPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
  } catch {
    // not Linux, or not allowed: run at the normal priority
  }
}

function pictureOf(picture: WorkerPicture): Picture {
  const decoded = picture.format === 'jpeg' ? decodeJpeg(picture.data) : picture;
  checkPicture(decoded);
  return decoded;
}

async function detect(model: DetectionModel, input: Float32Array, request: Extract<WorkerRequest, { type: 'detect' }>): Promise<WorkerReply> {
  const cpuBefore = threadCpuMs();
  const started = performance.now();
  const picture = pictureOf(request.picture);
  const frame = { width: picture.width, height: picture.height };
  const crop = roundBox(request.crop ?? { x: 0, y: 0, ...frame }, frame);
  const lb = letterbox(crop, model.inputSize);
  fillInput(input, model.inputSize, picture, crop, lb);
  const found = await model.run(input);
  const detections: Detection[] = found
    .map((d) => ({ label: d.label, score: d.score, box: toFrameBox(d.box, crop, lb) }))
    .filter((d) => d.box.width >= 1 && d.box.height >= 1);
  const cpuAfter = threadCpuMs();
  const cpuMs = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : performance.now() - started;
  return { type: 'detect', id: request.id, detections, ...frame, cpuMs };
}

/** The answer, with the picture's buffers handed back when they were handed over (nothing copied either way). */
function answer(request: WorkerRequest, reply: WorkerReply): void {
  if (!request.returnPicture || !('id' in reply)) return port!.postMessage(reply);
  port!.postMessage({ ...reply, picture: request.picture }, transferListOf(request.picture));
}

async function main(): Promise<void> {
  const setup = workerData as WorkerSetup;
  lowerPriority();
  const started = performance.now();
  let model: DetectionModel;
  try {
    model = setup.model.kind === 'onnx' ? await loadOnnxModel(setup.model.path, setup.model.labels) : await loadCenterNet(setup.model.directory);
  } catch (error) {
    port!.postMessage({ type: 'load-failed', message: error instanceof Error ? error.message : String(error) } satisfies WorkerReply);
    return;
  }
  const input = new Float32Array(model.inputSize * model.inputSize * 3);
  port!.on('message', (request: WorkerRequest) => {
    const work = request.type === 'detect'
      ? detect(model, input, request)
      : Promise.resolve().then((): WorkerReply => ({ type: 'jpeg', id: request.id, jpeg: encodeJpeg(pictureOf(request.picture), request.boxes, request.quality, request.maxWidth) }));
    work.then(
      (reply) => answer(request, reply),
      (error: unknown) => answer(request, { type: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) }),
    );
  });
  port!.postMessage({ type: 'ready', model: model.name, inputSize: model.inputSize, loadMs: Math.round(performance.now() - started) } satisfies WorkerReply);
}

void main();
