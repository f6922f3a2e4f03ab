import { cameraSchema, objectDetectionActive, type Camera, type CameraInput } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DetectorPool, detectionSettingsOf, DETECTION_COLOR_WIDTH, motionFrameOf, ObjectDetection, type ObjectDetected } from '../src/detection/index.js';
import { systemClock } from '../src/lib/clock.js';
import { Consumer, type AttachOptions, type StreamName } from '../src/media/index.js';
import { MotionManager, type MotionHub } from '../src/motion/index.js';
import { mediaItemsOf } from '../src/motion/test-support/fmp4-items.js';

/**
 * From the stream to an object event, with real parts: a real clip (8 s of OpenCV's vtest.avi, people walking) as
 * the hub's fMP4 → the motion manager's ONE ffmpeg per camera, asked for colour → the analysed frame and what
 * changed → the detector pool (CenterNet in a worker) → the tracker → ObjectDetected with a JPEG snapshot.
 */

const clip = readFileSync(join(import.meta.dirname, 'fixtures', 'detection', 'vtest-8s.mp4'));

/** The hub's side: real Consumers, fed by the test as the hub would feed them. */
class ClipHub implements MotionHub {
  consumer: Consumer | null = null;
  attach(camera: string, stream: StreamName, options: AttachOptions): Consumer {
    this.consumer = new Consumer(camera, stream, { ...options, queue: { maxSeconds: 60, maxBytes: 64 * 1024 * 1024 } }, () => undefined);
    return this.consumer;
  }
}

function camera(input: Partial<CameraInput> & { name: string }): Camera {
  // sensitivity 100: any changed pixel is motion (the default of 75 wants a quarter of the picture to change)
  return cameraSchema.parse({ videoConfig: { source: 'rtsp://127.0.0.1/street' }, videoanalysis: { active: true, sensitivity: 100, difference: 15 }, ...input });
}

let pool: DetectorPool;
let manager: MotionManager | null = null;
beforeAll(async () => {
  pool = new DetectorPool({ model: { kind: 'centernet' }, size: 1, maxWaitMs: 60_000, jobTimeoutMs: 120_000 });
  await pool.start();
}, 180_000);
afterAll(() => pool.close());
afterEach(async () => {
  await manager?.close();
  manager = null;
});

/**
 * Plays the clip one fragment (1 s) at a time, the next once the decoder has answered and the detector is idle, as a
 * live camera would (the hub's fragments come in real time): every second of video gets its detection.
 */
async function run(cam: Camera): Promise<{ events: ObjectDetected[]; detection: ObjectDetection; detections: number }> {
  const events: ObjectDetected[] = [];
  const settings = detectionSettingsOf(cam);
  const detection = new ObjectDetection({ pool, settings: (name) => (name === cam.name ? settings : null), onObject: (e) => events.push(e), clock: systemClock, log: { warn: () => undefined },
    intervalMs: 0, // the clip is played faster than real time: pace by the fragments, not by the clock
  });
  const hub = new ClipHub();
  manager = new MotionManager({ hub, ffmpegPath: 'ffmpeg', ffmpegMajor: 5, colorFor: (c) => (objectDetectionActive(c) ? { maxWidth: DETECTION_COLOR_WIDTH } : undefined) });
  let analysed = 0;
  manager.on('analysis', (event) => {
    analysed += 1;
    const frame = motionFrameOf(event);
    if (frame) detection.offer(frame);
  });
  await manager.setCameras([cam]);
  const consumer = await waitFor(() => hub.consumer, { message: 'the motion consumer' });
  const before = pool.stats().done;
  for (const item of mediaItemsOf(clip)) {
    const seen = analysed;
    consumer.deliver(item);
    if (item.type === 'init') continue;
    await waitFor(() => analysed > seen && pool.stats().busy === 0 && pool.stats().waiting === 0, { timeoutMs: 60_000, message: 'the fragment analysed and detected' });
  }
  return { events, detection, detections: pool.stats().done - before };
}

describe('motion frames to object events', () => {
  it('turns people walking in the clip into person events with boxes and a snapshot', async () => {
    const { events, detection } = await run(camera({ name: 'street' }));
    await waitFor(() => events.some((e) => e.label === 'person'), { timeoutMs: 30_000, message: 'a person event' });
    const person = events.find((e) => e.label === 'person')!;
    expect(person).toMatchObject({ camera: 'street', reason: 'new', frame: { width: 768, height: 576 } });
    expect(person.score).toBeGreaterThanOrEqual(45);
    expect(person.box.width).toBeGreaterThan(5);
    expect(person.box.x + person.box.width).toBeLessThanOrEqual(768);
    expect(person.box.y + person.box.height).toBeLessThanOrEqual(576);
    expect(person.snapshot.subarray(0, 2).toString('hex')).toBe('ffd8');
    // one event per followed object: no track alerts twice as 'new'
    const ids = events.filter((e) => e.reason === 'new').map((e) => `${e.label}:${e.trackId}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(detection.stats().taken).toBeGreaterThan(0);
  }, 180_000);

  it('raises no person event when the person zone is where nobody walks', async () => {
    // zone 0: a sliver of sky at the top right; zone 1 is the whole picture (motion still sees everything)
    const regions: { coords: [number, number][] }[] = [{ coords: [[95, 0], [100, 0], [100, 3], [95, 3]] }, { coords: [[0, 0], [100, 0], [100, 100], [0, 100]] }];
    const cam = camera({ name: 'zoned', videoanalysis: { active: true, sensitivity: 100, difference: 15, regions }, objectDetection: { labels: ['person'], zones: { person: [0] } } });
    const { events, detections } = await run(cam);
    // the people were looked at (about one detection per second of the clip) and none of them counted
    expect(detections).toBeGreaterThanOrEqual(4);
    expect(events).toEqual([]);
  }, 180_000);
});
