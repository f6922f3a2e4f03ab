import { cameraSchema, type Camera } from '@homecam/shared';
import { startCameraSimulator, waitFor, type CameraSimulator, type SimulatedCamera } from '@homecam/tools';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StreamHub, toHubCamera } from '../media/index.js';
import { collect, ffmpegProcesses } from '../media/test-support/hub-helpers.js';
import type { MotionAnalysisEvent, MotionEndedEvent, MotionStartedEvent } from './motion-events.js';
import { MotionManager } from './motion-manager.js';

/**
 * The real GStreamer camera simulator (`--motion`: still SMPTE bars until setMotion(true) switches to a moving
 * ball on black), the real StreamHub and the real ffmpeg.
 *
 * The still picture is not entirely still, like a real scene: the running clock (top left) changes every
 * second, and the SMPTE pattern has a patch of live noise in the bottom right corner. The zones leave both
 * out, as a user would draw them around a street clock or a tree: four polygons covering the rest of the
 * picture, one of them L-shaped around the noise. With sensitivity 99 (1 % of a zone's pixels) and pixel
 * difference 30, the still picture stays below 0.05 % in every zone (compression noise at keyframes) while
 * the ball (≈ 300 px of a 320x180 frame) changes 1–9 % of the zone it is in. The switch between bars and
 * ball changes the whole picture at once and must count as a scene change, not as motion.
 *
 * Dwell 3 s: the ball sometimes crosses the excluded noise patch for up to ~2 s (measured over 40 s), which
 * must not end the event.
 */
const ZONES: [number, number][][] = [
  [[32, 0], [100, 0], [100, 50], [32, 50]], // top right, beside the clock
  [[0, 14], [32, 14], [32, 50], [0, 50]], // left, below the clock
  [[0, 50], [50, 50], [50, 100], [0, 100]], // bottom left
  [[50, 50], [100, 50], [100, 70], [73, 70], [73, 100], [50, 100]], // bottom right, around the noise patch
];
const DWELL_S = 3;

let sim: CameraSimulator;
let cam: SimulatedCamera;
let hub: StreamHub | null = null;
let manager: MotionManager | null = null;

function yard(overrides: { difference?: number } = {}): Camera {
  return cameraSchema.parse({
    name: 'yard',
    motionTimeout: 1,
    videoConfig: { source: cam.mainUrl, subSource: cam.subUrl },
    videoanalysis: {
      active: true, dwellTimer: DWELL_S, forceCloseTimer: 0, sensitivity: 99, difference: overrides.difference ?? 30,
      regions: ZONES.map((coords) => ({ coords })),
    },
  });
}

beforeAll(async () => {
  sim = await startCameraSimulator({ cameras: 1, motion: true, names: ['yard'] });
  cam = sim.cameras[0]!;
});

afterEach(async () => {
  await manager?.close();
  await hub?.close();
  manager = null;
  hub = null;
  await waitFor(() => ffmpegProcesses(`:${cam.port}/`).length === 0, { message: 'upstream ffmpeg gone' });
});

afterAll(async () => {
  await sim?.close();
});

describe('motion detection with a real camera', () => {
  it('still → no event; motion → one event sharing the viewers’ upstream; settings live; still → ended after the dwell', { timeout: 90_000 }, async () => {
    hub = new StreamHub({ ffmpegPath: 'ffmpeg', ffmpegMajor: 5, idleTimeoutMs: 500 });
    manager = new MotionManager({ hub, ffmpegPath: 'ffmpeg', ffmpegMajor: 5 });
    const started: MotionStartedEvent[] = [];
    const ended: MotionEndedEvent[] = [];
    manager.on('motionStarted', (e) => started.push(e));
    manager.on('motionEnded', (e) => ended.push(e));

    const cameras = [yard()];
    await hub.setCameras(cameras.map(toHubCamera));
    await manager.setCameras(cameras);
    const detector = manager.detector('yard')!;
    expect(detector.stream).toBe('sub');
    const analysis: MotionAnalysisEvent[] = [];
    detector.on('analysis', (a) => analysis.push(a));

    // a viewer of the same stream
    const viewer = collect(hub.attach('yard', 'sub', { kind: 'viewer' }));

    // still picture (clock ticking, noise patch): 5 s of analysed frames without an event
    await waitFor(() => analysis.filter((a) => a.outcome === 'compared').length >= 10, { timeoutMs: 20_000, message: '10 compared frames' });
    expect(started).toEqual([]);
    expect(Math.max(...analysis.flatMap((a) => a.zoneShares))).toBeLessThan(0.01);

    // one upstream connection for viewer + motion; the main stream is not even started
    expect(hub.status('yard', 'sub')).toMatchObject({ state: 'streaming', consumers: 2, viewers: 1 });
    expect(hub.stats('yard', 'sub').upstreamStarts).toBe(1);
    expect(ffmpegProcesses(`:${cam.port}/sub`)).toHaveLength(1);
    expect(hub.status('yard', 'main').state).toBe('idle');
    expect(cam.activeSessions).toBe(1);
    expect(viewer.fragments().length).toBeGreaterThan(10);

    // motion on: the bars → ball switch is a scene change, then the ball starts exactly one event
    const onAt = Date.now();
    await cam.setMotion(true);
    await waitFor(() => started.length > 0, { timeoutMs: 15_000, message: 'motionStarted' });
    expect(started[0]).toMatchObject({ camera: 'yard' });
    expect(started[0]!.at).toBeGreaterThan(onAt);
    expect(analysis.some((a) => a.at > onAt && a.outcome === 'scene-change')).toBe(true);

    // settings change while the event is open: applied in place, nothing restarts
    const framesBefore = detector.status().frames;
    await manager.setCameras([yard({ difference: 32 })]);
    expect(manager.detector('yard')).toBe(detector);
    await waitFor(() => detector.status().frames >= framesBefore + 6, { timeoutMs: 15_000, message: '3 s more of motion' });
    expect(started).toHaveLength(1);
    expect(ended).toEqual([]);
    expect(detector.status()).toMatchObject({ phase: 'motion', decoderStarts: 1, frameSize: { width: 320, height: 180 } });
    expect(hub.stats('yard', 'sub').upstreamStarts).toBe(1);

    // motion off: the event ends the dwell time after the last triggering frame
    await cam.setMotion(false);
    await waitFor(() => ended.length > 0, { timeoutMs: 15_000, message: 'motionEnded' });
    const lastTrigger = analysis.filter((a) => a.triggered).at(-1)!.at;
    expect(ended).toEqual([expect.objectContaining({ camera: 'yard', reason: 'dwell', startedAt: started[0]!.at })]);
    expect(ended[0]!.at - lastTrigger).toBeGreaterThanOrEqual(DWELL_S * 1_000 - 5);
    // The end is stamped when its timer fires: allow a busy machine's event-loop lag, far below another dwell.
    expect(ended[0]!.at - lastTrigger).toBeLessThan(DWELL_S * 1_000 + 1_500);
    expect(started).toHaveLength(1);

    // the bars are back and still: no new event
    const afterEnd = analysis.length;
    await waitFor(() => analysis.length >= afterEnd + 6, { timeoutMs: 15_000, message: '3 s more of the still picture' });
    expect(started).toHaveLength(1);
    expect(hub.stats('yard', 'sub').upstreamStarts).toBe(1);

    // stopping ends the decoder; the viewer keeps the stream
    const decoderPid = detector.status().decoderPid!;
    await manager.setCameras([]);
    expect(() => process.kill(decoderPid, 0)).toThrow();
    expect(hub.status('yard', 'sub')).toMatchObject({ state: 'streaming', consumers: 1 });
  });
});
