import { createHistogram, performance, PerformanceObserver, type RecordableHistogram } from 'node:perf_hooks';
import type { DetectorPool } from '../../server/src/detection/index.js';
import { mainThreadTicks, startCameras } from './detect-cameras.js';
import { CLK_TCK } from './proc.js';

/**
 * The event loop with and without detection at the same moments of the shared machine: the four cameras run the
 * whole time (motion decoders, colour included) and detection is switched on and off every `phaseSeconds`, each
 * half with its own loop-delay histogram, main-thread CPU and GC pauses. What the busy machine
 * costs the event loop is in both halves; what detection costs it is the difference.
 */

export interface LoopHalf {
  seconds: number;
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  /** % of one core (10 ms ticks). */
  mainThreadPercent: number;
  gcPauses: number;
  gcTotalMs: number;
  gcMaxMs: number;
}

export interface LoopResult {
  detecting: LoopHalf & { detections: number; objectEvents: number };
  motionOnly: LoopHalf;
}

/** How late a 10-ms timer fires, in µs: monitorEventLoopDelay's measure, but switchable between halves without a gap. */
const TICK_MS = 10;

interface Half {
  delay: RecordableHistogram;
  seconds: number;
  ticks: number;
  gc: number[];
}

const newHalf = (): Half => ({ delay: createHistogram(), seconds: 0, ticks: 0, gc: [] });

function summary(half: Half): LoopHalf {
  return {
    seconds: half.seconds,
    eventLoopP99Ms: half.delay.percentile(99) / 1000,
    eventLoopMaxMs: half.delay.max / 1000,
    mainThreadPercent: (half.ticks / CLK_TCK / half.seconds) * 100,
    gcPauses: half.gc.length,
    gcTotalMs: half.gc.reduce((sum, ms) => sum + ms, 0),
    gcMaxMs: Math.max(0, ...half.gc),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runAlternating(pool: DetectorPool, fixtures: string, phases: number, phaseSeconds: number): Promise<LoopResult> {
  const cams = await startCameras(pool, fixtures);
  const halves = { on: newHalf(), off: newHalf() };
  let current = halves.on;
  let due = performance.now() + TICK_MS;
  const sampler = setInterval(() => {
    const now = performance.now();
    current.delay.record(Math.max(1, Math.round((now - due) * 1000)));
    due = now + TICK_MS;
  }, TICK_MS);
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) current.gc.push(entry.duration);
  });
  observer.observe({ entryTypes: ['gc'] });
  let detections = 0;
  let events = 0;
  for (let phase = 0; phase < phases; phase++) {
    const on = phase % 2 === 0;
    cams.detecting = on;
    // A frame still with the workers answers in the off half: let it finish before that half counts.
    if (!on) while (pool.stats().busy > 0 || pool.stats().waiting > 0) await sleep(20);
    current = on ? halves.on : halves.off;
    const start = { at: performance.now(), ticks: mainThreadTicks(), done: pool.stats().done, events: cams.objectEvents() };
    await sleep(phaseSeconds * 1000);
    current.seconds += (performance.now() - start.at) / 1000;
    current.ticks += mainThreadTicks() - start.ticks;
    if (on) {
      detections += pool.stats().done - start.done;
      events += cams.objectEvents() - start.events;
    }
  }
  clearInterval(sampler);
  observer.disconnect();
  await cams.stop();
  return { detecting: { ...summary(halves.on), detections, objectEvents: events }, motionOnly: summary(halves.off) };
}
