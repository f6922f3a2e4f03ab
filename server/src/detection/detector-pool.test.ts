import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DetectorPool } from './detector-pool.js';
import { toyYoloOnnx } from './test-support/onnx-bytes.js';
import { defaultPoolSize } from './worker-start.js';

/** The pool's queueing with real worker threads (the toy ONNX model keeps them fast; see onnx-model.test.ts). */

let dir: string;
let model: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'homecam-pool-'));
  model = join(dir, 'toy.onnx');
  await writeFile(model, toyYoloOnnx().bytes);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const frame = (value: number) => ({ format: 'rgb' as const, width: 32, height: 32, data: new Uint8Array(32 * 32 * 3).fill(value) });

describe('DetectorPool', () => {
  it('sizes itself to the machine: cores − 1, at least 1, at most 4', () => {
    expect(defaultPoolSize(1)).toBe(1);
    expect(defaultPoolSize(2)).toBe(1);
    expect(defaultPoolSize(8)).toBe(4);
  });

  it('keeps one waiting frame per camera: a newer one replaces it; cameras take turns', async () => {
    const pool = new DetectorPool({ model: { kind: 'onnx', path: model, labels: ['person', 'car'] }, size: 1 });
    await pool.start();
    try {
      const order: string[] = [];
      const track = (name: string, work: Promise<unknown>) => work.then((result) => order.push(result === null ? `${name}:dropped` : name));
      // the worker takes the first at once; then a1 waits, b1 waits, a2 replaces a1 and puts camera a behind b
      const all = [track('x', pool.detect('x', frame(255))), track('a1', pool.detect('a', frame(255))), track('b1', pool.detect('b', frame(255))), track('a2', pool.detect('a', frame(255)))];
      await Promise.all(all);
      expect(order).toEqual(['a1:dropped', 'x', 'b1', 'a2']);
      expect(pool.stats()).toMatchObject({ workers: 1, busy: 0, waiting: 0, done: 3, dropped: 1, failed: 0, model: 'toy.onnx', inputSize: 32 });
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('hands a picture over and back without copying it: away it is detached, back it has the same pixels', async () => {
    const pool = new DetectorPool({ model: { kind: 'onnx', path: model, labels: ['person', 'car'] }, size: 1 });
    await pool.start();
    try {
      const picture = frame(255);
      const bytes = picture.data.byteLength;
      const working = pool.detect('a', picture, undefined, { transfer: true });
      expect(picture.data.byteLength).toBe(0); // transferred to the worker, not cloned
      const result = await working;
      expect(result!.detections).toHaveLength(1);
      const back = result!.picture as typeof picture;
      expect(back.data.byteLength).toBe(bytes);
      expect(back.data.every((value) => value === 255)).toBe(true);
      const { jpeg, picture: again } = await pool.snapshot(back, [], { transfer: true });
      expect(jpeg.subarray(0, 2).toString('hex')).toBe('ffd8');
      expect((again as typeof picture).data.byteLength).toBe(bytes);
      // without a transfer the caller's buffers stay as they are
      const kept = frame(255);
      await pool.detect('a', kept);
      expect(kept.data.byteLength).toBe(bytes);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('ends every worker on close, however many there are', async () => {
    const pool = new DetectorPool({ model: { kind: 'onnx', path: model, labels: ['person', 'car'] }, size: 3 });
    await pool.start();
    expect(pool.stats().workers).toBe(3);
    await pool.close();
    expect(pool.stats().workers).toBe(0);
  }, 60_000);

  it('drops a frame that waited longer than maxWaitMs instead of detecting on the past', async () => {
    const pool = new DetectorPool({ model: { kind: 'onnx', path: model, labels: ['person', 'car'] }, size: 1, maxWaitMs: 50, now: () => now });
    let now = 0;
    await pool.start();
    try {
      const first = pool.detect('a', frame(255));
      const stale = pool.detect('b', frame(255));
      now = 100; // b has waited 100 ms by the time the worker is free again
      expect(await first).not.toBeNull();
      expect(await stale).toBeNull();
      expect(pool.stats().dropped).toBe(1);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('fails a bad picture with a reason and keeps working', async () => {
    const pool = new DetectorPool({ model: { kind: 'onnx', path: model, labels: ['person', 'car'] }, size: 1 });
    await pool.start();
    try {
      await expect(pool.detect('a', { format: 'jpeg', data: new Uint8Array([1, 2, 3]) })).rejects.toThrow(/not a readable JPEG/);
      await expect(pool.detect('a', { format: 'rgb', width: 10, height: 10, data: new Uint8Array(5) })).rejects.toThrow(/too short/);
      expect((await pool.detect('a', frame(255)))!.detections).toHaveLength(1);
      const { jpeg } = await pool.snapshot(frame(128), [{ x: 4, y: 4, width: 10, height: 10 }]);
      expect(jpeg.subarray(0, 2).toString('hex')).toBe('ffd8');
      expect(pool.stats().failed).toBe(2);
    } finally {
      await pool.close();
    }
    await expect(pool.detect('a', frame(255))).rejects.toThrow(/closed/);
  }, 60_000);
});
