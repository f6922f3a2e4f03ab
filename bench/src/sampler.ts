/**
 * `npm run bench:sampler`: what the Utilization sampler costs (server/src/metrics).
 *
 * Starts 16 `sleep` children (stand-ins for one ffmpeg per camera: the sampler walks every /proc/<pid>/stat
 * and keeps HomeCam's tree) and measures, with process.cpuUsage (user + system CPU of this process):
 *   1. one sample, synchronous part (/proc/stat, the /proc scan, meminfo, thermal, tree): CPU and wall per sample
 *   2. the running sampler on its timer with the background disk refresh (2 × statfs), over a window, minus the
 *      same window without it: CPU per sample in real operation
 * and reports both as % of one core at the production interval (5 s). Target: < 0.5 %.
 * Prints a table and writes bench/results/sampler-<date>.json and sampler-latest.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cpus, release, tmpdir } from 'node:os';
import { METRICS_INTERVAL_MS } from '@homecam/shared';
import { systemClock } from '../../server/src/lib/clock.js';
import { createSystemProbe, MetricsSampler } from '../../server/src/metrics/index.js';
import { pct, publishResults, type Row } from './report.js';
import { REPO_ROOT } from './server.js';
import { log, sleep } from './run.js';

const CHILDREN = 16;
const LOOP_SAMPLES = Number(process.env.BENCH_SAMPLER_LOOP ?? 500);
const WINDOW_MS = Number(process.env.BENCH_SAMPLER_WINDOW_MS ?? 10_000);
/** The timer interval of the window run: fast, so the window holds enough samples to stand above the noise. */
const WINDOW_INTERVAL_MS = 100;
const TARGET_PERCENT = 0.5;

const cpuMicros = (): number => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};

function newSampler(intervalMs: number): MetricsSampler {
  return new MetricsSampler({
    clock: systemClock,
    probe: createSystemProbe(),
    streams: null,
    dirs: () => ({ data: tmpdir(), recordings: REPO_ROOT }),
    recordingsBytes: () => Promise.resolve(0),
    intervalMs,
  });
}

/** CPU µs used by this process over `ms` of mostly idle waiting. */
async function windowCpu(ms: number): Promise<number> {
  const start = cpuMicros();
  await sleep(ms);
  return cpuMicros() - start;
}

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  for (let i = 0; i < CHILDREN; i += 1) children.push(spawn('sleep', ['600'], { stdio: 'ignore' }));
  try {
    await sleep(200);
    log(`${CHILDREN} sleep children started; sampling ${LOOP_SAMPLES} times in a loop`);
    const sampler = newSampler(METRICS_INTERVAL_MS);
    for (let i = 0; i < 20; i += 1) sampler.sample(); // warm up the JIT and the page cache
    const cpu0 = cpuMicros();
    const wall0 = performance.now();
    let processes = 0;
    for (let i = 0; i < LOOP_SAMPLES; i += 1) processes = sampler.sample().processes;
    const loopCpuMs = (cpuMicros() - cpu0) / 1000 / LOOP_SAMPLES;
    const loopWallMs = (performance.now() - wall0) / LOOP_SAMPLES;
    const procCount = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).length;

    log(`window: ${WINDOW_MS} ms idle, then ${WINDOW_MS} ms with the sampler every ${WINDOW_INTERVAL_MS} ms`);
    const idleMicros = await windowCpu(WINDOW_MS);
    const running = newSampler(WINDOW_INTERVAL_MS);
    running.start();
    const busyMicros = await windowCpu(WINDOW_MS);
    running.stop();
    const ticks = WINDOW_MS / WINDOW_INTERVAL_MS;
    const windowCpuMs = Math.max(0, busyMicros - idleMicros) / 1000 / ticks;

    const asPercent = (perSampleMs: number): number => (perSampleMs / METRICS_INTERVAL_MS) * 100;
    const rows: Row[] = [
      { metric: 'processes on the machine (not read: the sampler walks its own tree)', measured: String(procCount), target: '', pass: null },
      { metric: 'processes read per sample: the tree (this + children)', measured: String(processes), target: `≥ ${CHILDREN + 1}`, pass: processes >= CHILDREN + 1 },
      { metric: 'one sample, CPU (loop)', measured: `${loopCpuMs.toFixed(3)} ms`, target: '', pass: null },
      { metric: 'one sample, wall (loop)', measured: `${loopWallMs.toFixed(3)} ms`, target: '', pass: null },
      { metric: 'one sample on its timer + disk refresh, CPU', measured: `${windowCpuMs.toFixed(3)} ms`, target: '', pass: null },
      { metric: `loop: % of one core at ${METRICS_INTERVAL_MS / 1000} s`, measured: pct(asPercent(loopCpuMs), 3), target: `< ${TARGET_PERCENT} %`, pass: asPercent(loopCpuMs) < TARGET_PERCENT },
      { metric: `timer: % of one core at ${METRICS_INTERVAL_MS / 1000} s`, measured: pct(asPercent(windowCpuMs), 3), target: `< ${TARGET_PERCENT} %`, pass: asPercent(windowCpuMs) < TARGET_PERCENT },
    ];
    const result = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, kernel: release(), node: process.version },
      durationSeconds: Math.round(performance.now() / 1000),
      children: CHILDREN,
      processesOnMachine: procCount,
      treeProcesses: processes,
      loop: { samples: LOOP_SAMPLES, cpuMsPerSample: loopCpuMs, wallMsPerSample: loopWallMs, percentOfCoreAt5s: asPercent(loopCpuMs) },
      timer: { intervalMs: WINDOW_INTERVAL_MS, windowMs: WINDOW_MS, idleCpuMs: idleMicros / 1000, busyCpuMs: busyMicros / 1000, cpuMsPerSample: windowCpuMs, percentOfCoreAt5s: asPercent(windowCpuMs) },
    };
    publishResults('sampler', 'HomeCam utilization sampler', result, rows, [
      'CPU of this Node process only (process.cpuUsage): the sampler runs in the server process, reading /proc costs the reader.',
      'The timer run subtracts an idle window of the same length; other load on the machine adds noise to both.',
      'Per-camera rows need the stream hub (a few counters per stream) and are not included; the recordings sum is a DB query once a minute.',
    ], REPO_ROOT);
  } finally {
    for (const child of children) child.kill('SIGKILL');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
