import { spawn } from 'node:child_process';
import { cameraSchema, type Camera, type CameraInput } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { afterEach, describe, expect, it } from 'vitest';
import { Consumer, MediaError, type AttachOptions, type MediaItem, type StreamName } from '../media/index.js';
import { MotionDetector, type MotionHub } from './motion-detector.js';
import type { MotionEndedEvent } from './motion-events.js';
import { MotionManager } from './motion-manager.js';
import { analysisStream, motionSettingsOf } from './settings.js';
import { fixtureItems } from './test-support/fmp4-items.js';

/** A hub stand-in: hands out real Consumers and lets the test feed or close them. */
class FakeHub implements MotionHub {
  readonly consumers: Consumer[] = [];
  refuse: Error | null = null;
  attach(camera: string, stream: StreamName, options: AttachOptions): Consumer {
    if (this.refuse) throw this.refuse;
    const consumer = new Consumer(camera, stream, options, () => undefined);
    this.consumers.push(consumer);
    return consumer;
  }
  open(): Consumer[] {
    return this.consumers.filter((c) => !c.closed);
  }
}

function camera(input: Partial<CameraInput> & { name: string }): Camera {
  return cameraSchema.parse({
    videoConfig: { source: `rtsp://admin:hunter22@10.0.0.9/${input.name}` },
    videoanalysis: { active: true },
    ...input,
  });
}

/** A stand-in decoder: a still 320x180 frame, then one with the top 10 % changed (motion), then nothing. */
const movingDecoder = (_cmd: string, _args: readonly string[], options: object) =>
  spawn(process.execPath, ['-e', `
    const a = Buffer.alloc(57600, 50), b = Buffer.from(a); b.fill(200, 0, 5760);
    process.stdout.write(a); setTimeout(() => process.stdout.write(b), 100); setInterval(() => {}, 1000);
    process.stdin.resume();`], options);

let managers: MotionManager[] = [];
afterEach(async () => {
  await Promise.all(managers.map((m) => m.close()));
  managers = [];
});

function newManager(hub: MotionHub) {
  const manager = new MotionManager({ hub, ffmpegPath: 'ffmpeg', ffmpegMajor: 5, reattach: { initialMs: 20, maxMs: 50 } });
  managers.push(manager);
  const ended: MotionEndedEvent[] = [];
  manager.on('motionEnded', (e) => ended.push(e));
  return { manager, ended };
}

describe('settings mapping', () => {
  it('maps videoanalysis + motionTimeout to plain units', () => {
    const c = camera({ name: 'a', motionTimeout: 0, videoanalysis: { active: true, dwellTimer: 30, forceCloseTimer: 0, sensitivity: 90, difference: 12, regions: [{ coords: [[0, 0], [50, 0], [50, 50]] }] } });
    expect(motionSettingsOf(c.videoanalysis, c.motionTimeout)).toEqual({
      zones: [{ coords: [[0, 0], [50, 0], [50, 50]] }], difference: 12, sensitivity: 90, dwellSeconds: 30, motionTimeoutSeconds: 0, forceCloseMinutes: 0,
    });
  });

  it('analyses the sub stream when the camera has its own, else main (one upstream when they are the same)', () => {
    expect(analysisStream(camera({ name: 'a' }))).toBe('main');
    expect(analysisStream(camera({ name: 'a', videoConfig: { source: 'rtsp://x/main', subSource: 'rtsp://x/sub' } }))).toBe('sub');
    expect(analysisStream(camera({ name: 'a', videoConfig: { source: 'rtsp://x/main', subSource: 'rtsp://x/main' } }))).toBe('main');
  });
});

describe('MotionManager', () => {
  it('keeps one detector per enabled camera with video analysis on, updating it in place', async () => {
    const hub = new FakeHub();
    const { manager } = newManager(hub);
    await manager.setCameras([
      camera({ name: 'yard' }),
      camera({ name: 'door', videoConfig: { source: 'rtsp://x/main', subSource: 'rtsp://x/sub' } }),
      camera({ name: 'off', videoanalysis: { active: false } }),
      camera({ name: 'disabled', disable: true }),
    ]);
    expect(manager.cameraNames().sort()).toEqual(['door', 'yard']);
    await waitFor(() => hub.open().length === 2, { message: 'two consumers' });
    expect(hub.open().map((c) => `${c.camera}/${c.stream}/${c.kind}`).sort()).toEqual(['door/sub/motion', 'yard/main/motion']);

    const yard = manager.detector('yard')!;
    await manager.setCameras([camera({ name: 'yard', videoanalysis: { active: true, sensitivity: 10 } })]);
    expect(manager.detector('yard')).toBe(yard); // same detector, same consumer: no restart
    expect(manager.cameraNames()).toEqual(['yard']);
    expect(hub.open().map((c) => c.camera)).toEqual(['yard']);
    expect(hub.consumers.filter((c) => c.camera === 'yard')).toHaveLength(1);
  });

  it('replaces the detector when the analysed stream changes, and stops it when analysis is switched off', async () => {
    const hub = new FakeHub();
    const { manager } = newManager(hub);
    await manager.setCameras([camera({ name: 'yard' })]);
    const first = manager.detector('yard')!;
    await manager.setCameras([camera({ name: 'yard', videoConfig: { source: 'rtsp://x/main', subSource: 'rtsp://x/sub' } })]);
    expect(manager.detector('yard')).not.toBe(first);
    expect(manager.detector('yard')!.stream).toBe('sub');
    await waitFor(() => hub.open().length === 1 && hub.open()[0]!.stream === 'sub', { message: 'the sub consumer' });
    await manager.setCameras([camera({ name: 'yard', videoanalysis: { active: false } })]);
    expect(manager.cameraNames()).toEqual([]);
    expect(hub.open()).toEqual([]);
  });

  it('attaches again when the hub refuses or closes the consumer', async () => {
    const hub = new FakeHub();
    hub.refuse = new MediaError('CAMERA_NOT_FOUND', 'unknown camera yard');
    const { manager } = newManager(hub);
    await manager.setCameras([camera({ name: 'yard' })]);
    await waitFor(() => manager.statuses()[0]?.lastProblem?.includes('unknown camera'), { message: 'the attach problem' });
    hub.refuse = null;
    await waitFor(() => hub.open().length === 1, { message: 'attached once the hub knows the camera' });
    hub.open()[0]!.close(); // e.g. the camera was removed from the hub and added again
    await waitFor(() => hub.consumers.length === 2 && hub.open().length === 1, { message: 'attached again' });
    expect(manager.statuses()[0]).toMatchObject({ camera: 'yard', stream: 'main', attached: true, phase: 'idle' });
  });

  it('ends an open event with reason reset when a camera is removed, and on reset()', async () => {
    const hub = new FakeHub();
    const [init] = await fixtureItems({ seconds: 1, size: '320x180' });
    const manager = new MotionManager({ hub, ffmpegPath: 'ffmpeg', frames: { spawn: movingDecoder } });
    managers.push(manager);
    const events: string[] = [];
    manager.on('motionStarted', (e) => events.push(`${e.camera}:started`));
    manager.on('motionEnded', (e) => events.push(`${e.camera}:${e.reason}`));
    const analysis = { active: true, sensitivity: 95, dwellTimer: 60 };
    await manager.setCameras([camera({ name: 'yard', videoanalysis: analysis }), camera({ name: 'door', videoanalysis: analysis })]);
    await waitFor(() => hub.open().length === 2, { message: 'consumers' });
    for (const consumer of hub.open()) consumer.deliver(init!);
    await waitFor(() => events.length === 2, { message: 'two events' });
    expect(manager.statuses().map((s) => s.phase)).toEqual(['motion', 'motion']);

    expect(manager.reset('door')).toBe(true);
    expect(manager.reset('nope')).toBe(false);
    await manager.setCameras([]); // yard's detector stops during its event
    expect(events.sort()).toEqual(['door:reset', 'door:started', 'yard:reset', 'yard:started']);
  });

  it('a throwing listener is logged, not thrown into the decoder or timers; a new consumer gets a fresh decoder', async () => {
    const hub = new FakeHub();
    const [init] = await fixtureItems({ seconds: 1, size: '320x180' });
    const errors: string[] = [];
    const logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: (_c: object, m: string) => errors.push(m) };
    const c = camera({ name: 'yard', videoanalysis: { active: true, sensitivity: 95, dwellTimer: 1 } });
    const detector = new MotionDetector({
      hub, camera: 'yard', stream: 'main', videoanalysis: c.videoanalysis, motionTimeout: 1, ffmpegPath: 'ffmpeg', logger,
      frames: { spawn: movingDecoder }, reattach: { initialMs: 20 },
    });
    const seen: string[] = [];
    detector.on('motionStarted', () => {
      throw new Error('listener bug');
    });
    detector.on('motionEnded', (e) => {
      seen.push(e.reason);
      throw new Error('listener bug');
    });
    detector.start();
    try {
      await waitFor(() => hub.open().length === 1, { message: 'attached' });
      hub.open()[0]!.deliver(init!);
      await waitFor(() => seen.length === 1, { message: 'the event ended by dwell' });
      expect(seen).toEqual(['dwell']);
      expect(errors).toEqual(['motion event listener failed', 'motion event listener failed']);
      expect(detector.status().decoderStarts).toBe(1);

      hub.open()[0]!.close(); // the hub dropped the consumer; the next one may start a new timeline
      await waitFor(() => hub.open().length === 1, { message: 'attached again' });
      hub.open()[0]!.deliver(init!);
      await waitFor(() => detector.status().decoderStarts === 2, { message: 'a fresh decoder' });
    } finally {
      await detector.stop();
    }
  });
});

describe('MotionDetector with real ffmpeg on a fed consumer', () => {
  it('decodes what the consumer yields and reports frames; stop() ends the decoder', async () => {
    const clip: MediaItem[] = await fixtureItems({ seconds: 3, fps: 10, gop: 1, size: '320x180' });
    const hub = new FakeHub();
    const c = camera({ name: 'yard' });
    const detector = new MotionDetector({ hub, camera: 'yard', stream: 'main', videoanalysis: c.videoanalysis, motionTimeout: 15, ffmpegPath: 'ffmpeg', ffmpegMajor: 5, frames: { fps: 4 } });
    const outcomes: string[] = [];
    detector.on('analysis', (a) => outcomes.push(a.outcome));
    detector.start();
    await waitFor(() => hub.open().length === 1, { message: 'attached' });
    for (const item of clip) hub.open()[0]!.deliver(item);
    await waitFor(() => detector.status().frames >= 6, { message: 'frames analysed' });
    const status = detector.status();
    expect(status).toMatchObject({ attached: true, decoderStarts: 1, frameSize: { width: 320, height: 180 }, keyframesOnly: false });
    expect(outcomes[0]).toBe('baseline');
    expect(outcomes.slice(1).every((o) => o !== 'baseline')).toBe(true);
    const pid = status.decoderPid!;
    await detector.stop();
    expect(() => process.kill(pid, 0)).toThrow();
    expect(hub.open()).toEqual([]);
  });
});
