import { cameraSchema, type Camera } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../lib/clock.js';
import type { MotionAnalysisEvent } from '../motion/index.js';
import { ObjectEvents, type ObjectSighting } from './object-events.js';
import { toyYoloOnnx } from './test-support/onnx-bytes.js';

/**
 * ObjectEvents as the app runs it, on the real pool and onnxruntime-node with the toy ONNX model in the data
 * folder's models/ (it finds a "package" in any bright picture): the detector follows the cameras' settings, decides
 * for the cameras it watches (the notifications' gate), and hands each object to the event path.
 */

let dataDirectory: string;
beforeAll(async () => {
  dataDirectory = await mkdtemp(join(tmpdir(), 'homecam-objects-'));
  await mkdir(join(dataDirectory, 'models'));
  await writeFile(join(dataDirectory, 'models', 'toy.onnx'), toyYoloOnnx().bytes);
  await writeFile(join(dataDirectory, 'models', 'toy.labels'), 'package\ncar\n');
});
afterAll(() => rm(dataDirectory, { recursive: true, force: true }));

const camera = (input: Record<string, unknown>): Camera => cameraSchema.parse({ name: 'Door', videoConfig: { source: 'rtsp://127.0.0.1/door' }, ...input });

/** The camera list as CameraService gives it: read on every call, a change told to the listeners. */
class Cameras {
  private readonly listeners = new Set<() => void>();
  constructor(public cameras: Camera[]) {}
  list = (): readonly Camera[] => this.cameras;
  find = (name: string): Camera | undefined => this.cameras.find((c) => c.name === name);
  onChange = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  set(cameras: Camera[]): void {
    this.cameras = cameras;
    for (const listener of this.listeners) listener();
  }
}

const log = { info: () => undefined, warn: () => undefined, debug: () => undefined, errors: [] as string[], error(context: object) { this.errors.push(JSON.stringify(context)); } };

/** A bright 64×64 frame in motion, everything changed: the toy model sees a package. */
function brightFrame(at: number): MotionAnalysisEvent {
  const size = 64 * 64;
  const color = { format: 'yuv420p' as const, width: 64, height: 64, y: new Uint8Array(size).fill(235), u: new Uint8Array(size / 4).fill(128), v: new Uint8Array(size / 4).fill(128) };
  return {
    camera: 'Door', at, outcome: 'compared', triggered: true, frameChangedShare: 1, zoneShares: [1], phase: 'motion',
    changed: { data: new Uint8Array(size).fill(1), width: 64, height: 64 }, color,
  };
}

describe('ObjectEvents', () => {
  it('starts for a camera with motion detection, decides its bare motion, passes objects on, and stops when none wants it', async () => {
    const cameras = new Cameras([camera({ videoanalysis: { active: true }, objectDetection: { labels: ['package'] } })]);
    const seen: { camera: string; object: ObjectSighting }[] = [];
    const objects = new ObjectEvents({ dataDirectory, cameras, events: { objectDetected: (name, object) => (seen.push({ camera: name, object }), { accepted: true }) }, clock: systemClock, log, poolSize: 1 });
    objects.start();
    try {
      expect(objects.handles('Door')).toBe(true); // while the model loads already: no burst of bare motion alerts at start
      await objects.settled();
      expect(objects.status()).toMatchObject({ state: 'running', model: 'toy.onnx', error: null });
      expect(objects.colorFor(cameras.cameras[0]!)).toEqual({ maxWidth: 1280 });
      // the motion detector's own motion waits for objects; a trigger's motion is not the detector's to judge
      expect(await objects.judge({ camera: 'Door', source: 'motion' })).toEqual({ drop: true });
      expect(objects.judge({ camera: 'Door', source: 'http' })).toBeNull();
      expect(objects.judge({ camera: 'Elsewhere', source: 'motion' })).toBeNull();

      objects.onAnalysis(brightFrame(Date.now()));
      const first = await waitFor(() => seen[0], { timeoutMs: 30_000, message: 'the object' });
      expect(first).toMatchObject({ camera: 'Door', object: { label: 'package', reason: 'new', frame: { width: 64, height: 64 } } });
      expect(first.object.image.subarray(0, 2).toString('hex')).toBe('ffd8');

      cameras.set([camera({ videoanalysis: { active: true }, objectDetection: { active: false } })]);
      await objects.settled();
      expect(objects.status().state).toBe('off');
      expect(objects.handles('Door')).toBe(false);
      expect(objects.judge({ camera: 'Door', source: 'motion' })).toBeNull();
      expect(objects.colorFor(cameras.cameras[0]!)).toBeUndefined();
    } finally {
      await objects.stop();
    }
  }, 90_000);

  it('a detector that cannot start leaves bare motion notifying, and says why', async () => {
    const cameras = new Cameras([camera({ videoanalysis: { active: true } })]);
    const objects = new ObjectEvents({
      dataDirectory, cameras, events: { objectDetected: () => ({ accepted: true }) }, clock: systemClock, log,
      startDetection: () => Promise.reject(new Error('the model files are missing')),
    });
    objects.start();
    await objects.settled();
    expect(objects.status()).toMatchObject({ state: 'failed', error: 'the model files are missing' });
    expect(objects.handles('Door')).toBe(false);
    expect(objects.judge({ camera: 'Door', source: 'motion' })).toBeNull();
    expect(log.errors.some((line) => line.includes('the model files are missing'))).toBe(true);
    await objects.stop();
  });
});
