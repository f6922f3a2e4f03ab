import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { defaultPoolSize, DetectorPool } from '../../server/src/detection/index.js';
import { cropRegion, type Box } from '../../server/src/detection/geometry.js';
import type { Yuv420Image } from '../../server/src/detection/pixels.js';
import { runCameras, type CamerasResult } from './detect-cameras.js';
import { runAlternating } from './detect-loop.js';
import { mib, ms, pct, publishResults, type Row } from './report.js';
import { REPO_ROOT } from './server.js';
import { log } from './run.js';

/**
 * `npm run bench:detect`: the local object detector (issue 20) on this machine. CPU per detection (the worker
 * thread's own CPU time, so other work on the shared machine barely moves it), detections per second with 1 and 2
 * workers, 4 cameras with intermittent motion through the real motion decoders, memory, and the event loop's delay.
 */

const FIXTURES = join(REPO_ROOT, 'server', 'test', 'fixtures', 'detection');
const FRAMES = ['vtest-0100.jpg', 'vtest-0400.jpg', 'vtest-0600.jpg', 'vtest-empty.jpg'];
const SIZE = { width: 768, height: 576 };
/** Crops around where people walk, as motion would give them. */
const CROPS: Box[] = [{ x: 347, y: 198, width: 35, height: 78 }, { x: 589, y: 140, width: 28, height: 65 }, { x: 454, y: 302, width: 52, height: 118 }].map((b) => cropRegion(b, SIZE));

/** The fixtures as the motion decoder hands frames over: planar YUV 4:2:0 (decoded once, by ffmpeg). */
function yuvFrames(): Yuv420Image[] {
  return FRAMES.map((name) => {
    const raw = execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', join(FIXTURES, name), '-f', 'rawvideo', '-pix_fmt', 'yuv420p', 'pipe:1'], { maxBuffer: 16 << 20 });
    const y = SIZE.width * SIZE.height;
    const c = y / 4;
    return { format: 'yuv420p', ...SIZE, y: raw.subarray(0, y), u: raw.subarray(y, y + c), v: raw.subarray(y + c, y + 2 * c) };
  });
}

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? NaN;

async function perDetection(pool: DetectorPool, frames: Yuv420Image[], runs: number) {
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const started = performance.now();
    const crop = i % 4 === 3 ? undefined : CROPS[i % 3];
    const result = await pool.detect('bench', frames[i % frames.length]!, crop);
    if (i < 3) continue; // warm-up: the first runs compile WASM paths
    cpu.push(result!.cpuMs);
    wall.push(performance.now() - started);
  }
  return { cpuMedianMs: quantile(cpu, 0.5), cpuP90Ms: quantile(cpu, 0.9), wallMedianMs: quantile(wall, 0.5), runs };
}

/** Keeps every worker busy for `seconds` (one frame waiting per camera, 4 cameras) and counts answers. */
async function throughput(pool: DetectorPool, frames: Yuv420Image[], seconds: number) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const before = pool.stats();
  const deadline = performance.now() + seconds * 1000;
  loop.enable();
  const started = performance.now();
  await Promise.all(['a', 'b', 'c', 'd'].map(async (camera, k) => {
    for (let i = k; performance.now() < deadline; i++) await pool.detect(camera, frames[i % frames.length]!, CROPS[i % 3]);
  }));
  loop.disable();
  const elapsed = (performance.now() - started) / 1000;
  const done = pool.stats().done - before.done;
  return { perSecond: done / elapsed, done, seconds: elapsed, eventLoopP99Ms: loop.percentile(99) / 1e6 };
}

/** The event loop's delay with nothing of ours running: what the shared machine alone costs (context). */
async function idleLoop(seconds: number): Promise<number> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  loop.disable();
  return loop.percentile(99) / 1e6;
}

async function startPool(size: number) {
  const pool = new DetectorPool({ model: { kind: 'centernet' }, size, maxWaitMs: 60_000 });
  const ready = await pool.start();
  return { pool, ready };
}

function rows(r: Awaited<ReturnType<typeof measure>>): Row[] {
  const c = r.cameras;
  return [
    { metric: 'CPU per detection (512², crop + letterbox + CenterNet), median', measured: ms(r.single.cpuMedianMs), target: '≤ 250 ms', pass: r.single.cpuMedianMs <= 250 },
    { metric: 'CPU per detection, p90', measured: ms(r.single.cpuP90Ms), target: '–', pass: null },
    { metric: 'wall per detection, median (shared machine)', measured: ms(r.single.wallMedianMs), target: '–', pass: null },
    { metric: 'detections per second, 1 worker', measured: r.one.perSecond.toFixed(2), target: '–', pass: null },
    { metric: 'detections per second, 2 workers (2 cores)', measured: r.two.perSecond.toFixed(2), target: '–', pass: null },
    { metric: 'detections per second, 2 idle cores (2 × 1000 ÷ CPU median)', measured: (2000 / r.single.cpuMedianMs).toFixed(2), target: '–', pass: null },
    { metric: 'CPU per camera, 4 cameras, intermittent motion', measured: pct(c.perCameraPercent, 1), target: '≤ 10 %', pass: c.perCameraPercent <= 10 },
    { metric: '  of which detection workers (all 4 cameras)', measured: pct(c.detectionWorkersPercent, 1), target: '–', pass: null },
    { metric: '  of which motion + colour decoders (all 4)', measured: pct(c.decodersPercent, 1), target: '–', pass: null },
    { metric: '  of which main thread (all 4)', measured: pct(c.mainThreadPercent, 1), target: '–', pass: null },
    { metric: 'event-loop delay p99, 4 cameras', measured: ms(c.eventLoopP99Ms, 1), target: '≤ 20 ms', pass: c.eventLoopP99Ms <= 20 },
    { metric: 'our main-thread work per analysed frame, p99 / max', measured: `${ms(c.handlerP99Ms, 2)} / ${ms(c.handlerMaxMs, 1)}`, target: '–', pass: null },
    { metric: '  per frame taken for detection (copy, motion box, hand-over), median / p99', measured: `${ms(c.takenMedianMs, 2)} / ${ms(c.takenP99Ms, 2)}`, target: '–', pass: null },
    { metric: 'event-loop delay p99, 4 cameras, detection on (5 s halves)', measured: ms(r.loop.detecting.eventLoopP99Ms, 1), target: '≤ 20 ms', pass: r.loop.detecting.eventLoopP99Ms <= 20 },
    { metric: '  same moments, detection off (motion + colour only)', measured: ms(r.loop.motionOnly.eventLoopP99Ms, 1), target: '–', pass: null },
    { metric: 'main-thread CPU, detection on / off halves', measured: `${pct(r.loop.detecting.mainThreadPercent, 2)} / ${pct(r.loop.motionOnly.mainThreadPercent, 2)}`, target: '–', pass: null },
    { metric: 'main-thread GC pauses on / off: count, max', measured: `${r.loop.detecting.gcPauses}, ${ms(r.loop.detecting.gcMaxMs, 1)} / ${r.loop.motionOnly.gcPauses}, ${ms(r.loop.motionOnly.gcMaxMs, 1)}`, target: '–', pass: null },
    { metric: 'event-loop delay p99, 2 workers flat out', measured: ms(r.two.eventLoopP99Ms, 1), target: '≤ 20 ms', pass: r.two.eventLoopP99Ms <= 20 },
    { metric: 'event-loop delay p99, nothing of ours running', measured: ms(r.idleLoopP99Ms, 1), target: '–', pass: null },
    { metric: 'memory: process before the pool', measured: mib(r.memory.baseline), target: '–', pass: null },
    { metric: 'memory: + 1 worker (model loaded, after detections)', measured: mib(r.memory.oneWorker - r.memory.baseline), target: '–', pass: null },
    { metric: 'memory: + 2 workers', measured: mib(r.memory.twoWorkers - r.memory.baseline), target: '–', pass: null },
  ];
}

async function measure() {
  const frames = yuvFrames();
  const baseline = process.memoryUsage().rss;
  log('event loop with nothing running (the shared machine alone)');
  const idleLoopP99Ms = await idleLoop(10);
  log('one worker: CPU per detection and throughput');
  const one = await startPool(1);
  const single = await perDetection(one.pool, frames, 24);
  const oneWorkerRss = process.memoryUsage().rss; // after inference: tfjs' WASM heap has grown to its working size
  const oneThroughput = await throughput(one.pool, frames, 15);
  log(`4 cameras, intermittent motion, default pool (${defaultPoolSize()} worker(s) here)`);
  const cameras: CamerasResult = await runCameras(one.pool, FIXTURES, 45);
  log('4 cameras again, detection switched on and off every 5 s: the event loop with and without it');
  const loop = await runAlternating(one.pool, FIXTURES, 20, 5);
  await one.pool.close();
  log('two workers: throughput');
  const two = await startPool(2);
  const twoThroughput = await throughput(two.pool, frames, 15);
  const twoWorkersRss = process.memoryUsage().rss;
  await two.pool.close();
  return { model: one.ready, single, one: oneThroughput, two: twoThroughput, cameras, loop, idleLoopP99Ms, memory: { baseline, oneWorker: oneWorkerRss, twoWorkers: twoWorkersRss } };
}

const started = performance.now();
const result = await measure();
const date = new Date().toISOString();
const notes = [
  `model ${result.model.model}, input ${result.model.inputSize}², tfjs WASM (SIMD, 1 thread per worker); load ${result.model.loadMs} ms`,
  'CPU per detection is the worker thread\'s CPU (/proc/thread-self/stat), from YUV frames as the motion decoder hands them over (no JPEG decode)',
  `4 cameras: ${result.cameras.detections} detections, ${result.cameras.dropped} stale frames dropped, ${result.cameras.objectEvents} object events in ${result.cameras.seconds.toFixed(0)} s; machine busy ${result.cameras.machineBusyPercent.toFixed(0)} % (other work included)`,
  '"detection workers" = process CPU − main thread (includes V8/libuv helper threads); workers run at nice 10',
  'wall-clock rows (wall per detection, detections per second, event-loop delay) include the other work on this shared 2-core machine',
  `on/off halves: the same 4 cameras for ${(result.loop.detecting.seconds + result.loop.motionOnly.seconds).toFixed(0)} s, detection switched every 5 s; ${result.loop.detecting.detections} detections in the on half; loop delay from a 10 ms timer`,
];
publishResults('detect', 'Object detection (issue 20)', { date, machine: { cpus: cpus().length }, durationSeconds: Math.round((performance.now() - started) / 1000), ...result }, rows(result), notes, REPO_ROOT);
