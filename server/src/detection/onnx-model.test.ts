import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DetectorPool } from './detector-pool.js';
import { findUserModel } from './onnx-model.js';
import { toyYoloOnnx } from './test-support/onnx-bytes.js';

/**
 * "Bring your own model" on the real onnxruntime-node (an optional dependency, installed here), in a real pool
 * worker, with a toy YOLOv8-style ONNX model written byte by byte (test-support/onnx-bytes.ts).
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'homecam-onnx-'));
  await writeFile(join(dir, 'toy.onnx'), toyYoloOnnx().bytes);
  await writeFile(join(dir, 'toy.labels'), 'Package\ncar\n\n');
  await writeFile(join(dir, 'notes.txt'), 'not a model');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const flat = (width: number, height: number, value: number) => ({ format: 'rgb' as const, width, height, data: new Uint8Array(width * height * 3).fill(value) });

describe('own ONNX model', () => {
  it('is found in the models folder with its labels', async () => {
    expect(await findUserModel(dir)).toEqual({ path: join(dir, 'toy.onnx'), labels: ['package', 'car'] });
    expect(await findUserModel(join(dir, 'missing'))).toBeNull();
  });

  it('runs in a pool worker: input scaled to 0–1, output read as [1, 4+C, N], boxes mapped back to the frame', async () => {
    const found = await findUserModel(dir);
    const pool = new DetectorPool({ model: { kind: 'onnx', path: found!.path, labels: found!.labels! }, size: 1 });
    try {
      expect(await pool.start()).toMatchObject({ model: 'toy.onnx', inputSize: 32 });
      // a white 64×64 frame: letterboxed at scale 0.5, so the candidate (16,12) 8×10 in model pixels is (24,14) 16×20 here
      const white = await pool.detect('cam', flat(64, 64, 255));
      expect(white!.detections).toHaveLength(1);
      expect(white!.detections[0]).toMatchObject({ label: 'package', box: { x: 24, y: 14, width: 16, height: 20 } });
      expect(white!.detections[0]!.score).toBeCloseTo(1, 5);
      // a black frame: the toy's score is the brightest pixel, 0: nothing
      expect((await pool.detect('cam', flat(64, 64, 0)))!.detections).toEqual([]);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('refuses a file that is not a model, with the reason', async () => {
    const pool = new DetectorPool({ model: { kind: 'onnx', path: join(dir, 'notes.txt') }, size: 1 });
    await expect(pool.start()).rejects.toThrow(/detection model did not load/);
    await pool.close();
  }, 60_000);
});
