/**
 * The idle server (no camera), as it runs for days: measured once its start-up is over. For about a minute after it
 * started, V8's memory reducer runs a few full garbage collections of the start-up heap (~0.5 s of CPU, 2 % of a
 * core in a 10 s window); a window taken then measures the start, not the idle server. The start is reported
 * apart: CPU seconds from the spawn to the idle window.
 */
import type { CameraSimulator } from '@homecam/tools';
import { describe, describeThreads, measure, type Breakdown } from './live-cpu.js';
import { CLK_TCK, readStat } from './proc.js';
import { log, sleep } from './run.js';
import type { BenchServer } from './server.js';

export interface IdleResult {
  idle: Breakdown;
  /** Seconds from the server's spawn to the start of the idle window. */
  warmupSeconds: number;
  /** The server's CPU seconds (all threads) in that time: start-up, then the memory reducer's collections. */
  startupCpuSeconds: number | null;
}

/**
 * Waits until `warmupS` have passed since `spawnedAt` (performance.now() at the spawn), then measures `seconds`.
 * Call it as early as possible: the wait overlaps with whatever the run does before (e.g. starting the simulator).
 */
export async function idlePhase(server: BenchServer, sim: CameraSimulator, spawnedAt: number, warmupS: number, seconds: number): Promise<IdleResult> {
  const left = spawnedAt + warmupS * 1000 - performance.now();
  if (left > 0) {
    log(`idle server: waiting ${(left / 1000).toFixed(0)} s more for its start-up to settle (${warmupS} s after the spawn)`);
    await sleep(left);
  }
  const warmupSeconds = (performance.now() - spawnedAt) / 1000;
  const ticks = readStat(server.pid)?.ticks;
  log(`idle server, no camera: ${seconds} s`);
  const idle = await measure(server, sim, seconds, []);
  log(`  ${describe(idle)}; threads: ${describeThreads(idle.serverThreads)}`);
  return { idle, warmupSeconds, startupCpuSeconds: ticks === undefined ? null : ticks / CLK_TCK };
}
