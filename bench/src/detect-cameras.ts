import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { cameraSchema, objectDetectionActive, type Camera } from '@homecam/shared';
import { DETECTION_COLOR_WIDTH, detectionSettingsOf, motionFrameOf, ObjectDetection, type DetectorPool } from '../../server/src/detection/index.js';
import { systemClock } from '../../server/src/lib/clock.js';
import { Consumer, type AttachOptions, type MediaItem, type StreamName } from '../../server/src/media/index.js';
import { MotionManager, type MotionHub } from '../../server/src/motion/index.js';
import { mediaItemsOf } from '../../server/src/motion/test-support/fmp4-items.js';
import { CLK_TCK, measureWindow, readStat } from './proc.js';
import { log } from './run.js';

/**
 * Four cameras with intermittent motion, in real time: each plays (from its own offset) 8 s of people walking
 * (OpenCV's vtest.avi) then 16 s of the empty scene, three times, one 1-s fragment a second, through the real
 * motion manager (one ffmpeg per camera, asked for colour) into object detection on the given pool.
 */

export interface CamerasResult {
  seconds: number;
  cameras: number;
  /** % of one core, whole window. */
  detectionWorkersPercent: number;
  decodersPercent: number;
  mainThreadPercent: number;
  perCameraPercent: number;
  detections: number;
  dropped: number;
  objectEvents: number;
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  /** Our own synchronous work per analysed frame on the main thread (motionFrameOf + offer: the copy, the crop). */
  handlerP99Ms: number;
  handlerMaxMs: number;
  /** Per frame taken for detection. */
  takenMedianMs: number;
  takenP99Ms: number;
  machineBusyPercent: number;
}

const CYCLE = { motionSeconds: 8, stillSeconds: 16, cycles: 3 };

/** One fMP4 of the three cycles, encoded once (one init segment, timestamps that only go forward). */
function encodeCycles(fixtures: string): Promise<Buffer> {
  const { motionSeconds, stillSeconds, cycles } = CYCLE;
  const inputs: string[] = [];
  for (let i = 0; i < cycles; i++) inputs.push('-t', String(motionSeconds), '-i', join(fixtures, 'vtest-8s.mp4'), '-loop', '1', '-framerate', '10', '-t', String(stillSeconds), '-i', join(fixtures, 'vtest-empty.jpg'));
  const parts = Array.from({ length: cycles * 2 }, (_, i) => `[${i}:v]fps=10,scale=768:576,format=yuv420p,setsar=1[v${i}]`).join(';');
  const concat = `${Array.from({ length: cycles * 2 }, (_, i) => `[v${i}]`).join('')}concat=n=${cycles * 2}:v=1:a=0[out]`;
  const args = ['-hide_banner', '-loglevel', 'error', ...inputs, '-filter_complex', `${parts};${concat}`, '-map', '[out]',
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-profile:v', 'baseline', '-g', '10', '-keyint_min', '10', '-sc_threshold', '0',
    '-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', 'pipe:1'];
  return new Promise((resolve, reject) => {
    execFile('ffmpeg', args, { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => (error ? reject(new Error(stderr.toString())) : resolve(stdout)));
  });
}

/** Hands each camera's consumer the init segment, then one fragment a second from the camera's offset. */
class RealTimeHub implements MotionHub {
  private readonly timers: NodeJS.Timeout[] = [];
  constructor(private readonly items: MediaItem[], private readonly offsets: Map<string, number>) {}
  attach(camera: string, stream: StreamName, options: AttachOptions): Consumer {
    const consumer = new Consumer(camera, stream, options, () => undefined);
    const [init, ...fragments] = this.items;
    consumer.deliver(init!);
    let next = this.offsets.get(camera) ?? 0;
    const timer = setInterval(() => {
      if (next < fragments.length) consumer.deliver(fragments[next++]!);
    }, 1_000);
    this.timers.push(timer);
    return consumer;
  }
  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
  }
}

/** The four cameras running: the motion decoders feeding object detection, which `detecting` switches. */
export interface RunningCameras {
  detection: ObjectDetection;
  /** While false, frames are analysed for motion (colour included) but not offered to detection. */
  detecting: boolean;
  /** Our own synchronous work per analysed frame (motionFrameOf + offer), ms. */
  handler: number[];
  /** The same for the frames taken for detection (the copy, the motion box, the hand-over to the worker), ms. */
  takenHandler: number[];
  objectEvents: () => number;
  stop(): Promise<void>;
}

export async function startCameras(pool: DetectorPool, fixtures: string): Promise<RunningCameras> {
  const items = mediaItemsOf(await encodeCycles(fixtures));
  const names = ['cam1', 'cam2', 'cam3', 'cam4'];
  const offsets = new Map(names.map((name, i) => [name, i * 6]));
  const cameras: Camera[] = names.map((name) => cameraSchema.parse({
    name, videoConfig: { source: `rtsp://127.0.0.1/${name}` }, videoanalysis: { active: true, sensitivity: 100, difference: 15, dwellTimer: 10 },
  }));
  const settings = new Map(cameras.map((c) => [c.name, detectionSettingsOf(c)]));
  let objectEvents = 0;
  const detection = new ObjectDetection({ pool, settings: (name) => settings.get(name) ?? null, onObject: () => (objectEvents += 1), clock: systemClock, log: { warn: (c, m) => log(`${m} ${JSON.stringify(c)}`) } });
  const hub = new RealTimeHub(items, offsets);
  const motion = new MotionManager({ hub, ffmpegPath: 'ffmpeg', ffmpegMajor: 5, colorFor: (c) => (objectDetectionActive(c) ? { maxWidth: DETECTION_COLOR_WIDTH } : undefined) });
  const running: RunningCameras = {
    detection, detecting: true, handler: [], takenHandler: [], objectEvents: () => objectEvents,
    stop: async () => {
      hub.stop();
      await motion.close();
      detection.close();
    },
  };
  motion.on('analysis', (event) => {
    if (!running.detecting) return;
    const started = performance.now();
    const frame = motionFrameOf(event);
    const taken = frame ? detection.offer(frame) : false;
    const ms = performance.now() - started;
    running.handler.push(ms);
    if (taken) running.takenHandler.push(ms);
  });
  await motion.setCameras(cameras);
  await new Promise((resolve) => setTimeout(resolve, 3_000)); // decoders started, first frames through
  return running;
}

const quantile = (values: readonly number[], q: number): number => [...values].sort((a, b) => a - b)[Math.floor(values.length * q)] ?? NaN;

export function mainThreadTicks(): number {
  const text = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
}

export async function runCameras(pool: DetectorPool, fixtures: string, seconds: number): Promise<CamerasResult> {
  const cams = await startCameras(pool, fixtures);
  const before = { pool: pool.stats(), main: mainThreadTicks(), self: readStat(process.pid)!.ticks, events: cams.objectEvents() };
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const window = await measureWindow([process.pid], seconds);
  loop.disable();
  const after = { pool: pool.stats(), main: mainThreadTicks(), self: readStat(process.pid)!.ticks, events: cams.objectEvents() };
  await cams.stop();
  const handler = cams.handler;
  const percent = (ticks: number) => (ticks / CLK_TCK / window.seconds) * 100;
  const decodersPercent = window.processes.filter((p) => p.comm === 'ffmpeg').reduce((sum, p) => sum + p.cpuPercent, 0);
  const mainThreadPercent = percent(after.main - before.main);
  const detectionWorkersPercent = percent(after.self - before.self) - mainThreadPercent;
  return {
    seconds: window.seconds, cameras: 4, detectionWorkersPercent, decodersPercent, mainThreadPercent,
    perCameraPercent: (detectionWorkersPercent + decodersPercent + mainThreadPercent) / 4,
    detections: after.pool.done - before.pool.done, dropped: after.pool.dropped - before.pool.dropped, objectEvents: after.events - before.events,
    eventLoopP99Ms: loop.percentile(99) / 1e6, eventLoopMaxMs: loop.max / 1e6, machineBusyPercent: window.machineBusyPercent,
    handlerP99Ms: quantile(handler, 0.99), handlerMaxMs: Math.max(...handler),
    takenMedianMs: quantile(cams.takenHandler, 0.5), takenP99Ms: quantile(cams.takenHandler, 0.99),
  };
}
