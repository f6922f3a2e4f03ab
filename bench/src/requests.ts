/**
 * What one trivial API request costs the built server (issue 16, "Per request"): a fixed request rate on loopback
 * for a fixed time, CPU of the server process from /proc, latency per request.
 *
 *   npm run build && npm run bench:requests
 *
 * Scenarios: the default log level (info) on /api/health (public) and /api/auth/check (a session: the access hook
 * and the session lookup), then `warn` and `debug` (HOMECAM_LOG_LEVEL) on /api/health. Prints a table and writes
 * bench/results/requests-<date>.json and requests-latest.json. BENCH_RATE (req/s, default 200), BENCH_SECONDS
 * (default 15), BENCH_CPU_PROF=<dir> (the servers run with --cpu-prof into that directory) change the run.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request as httpRequest } from 'node:http';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { measureWindow } from './proc.js';
import { publishResults, type Row } from './report.js';
import { guardRun, log, own, runBench, sleep, startOwnedServer } from './run.js';
import { buildWarning } from './server.js';
import { percentile, round } from './stats.js';

const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const IDLE_SECONDS = 5;
/** Requests in flight at most: the loop is bounded, a server that falls behind is not buried. */
const MAX_IN_FLIGHT = 32;
/** The loop releases what is due every this many ms. */
const TICK_MS = 5;

interface LoadResult {
  sent: number;
  ok: number;
  failed: number;
  /** Due but not sent because MAX_IN_FLIGHT were open. */
  skipped: number;
  latenciesMs: number[];
}

/** One GET on a keep-alive connection; resolves with the status (0 = network error) after the body ended. */
function get(agent: Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((done) => {
    const req = httpRequest(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
      res.on('error', () => done(0));
    });
    req.on('error', () => done(0));
    req.end();
  });
}

/** Open loop at `rate` req/s for `seconds`, bounded to MAX_IN_FLIGHT open requests. */
async function drive(url: URL, headers: Record<string, string>, rate: number, seconds: number): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
  const result: LoadResult = { sent: 0, ok: 0, failed: 0, skipped: 0, latenciesMs: [] };
  const pending = new Set<Promise<void>>();
  const start = performance.now();
  const end = start + seconds * 1000;
  let due = 0;
  while (performance.now() < end) {
    const target = Math.floor(((performance.now() - start) / 1000) * rate);
    for (; due < target; due++) {
      if (pending.size >= MAX_IN_FLIGHT) {
        result.skipped += 1;
        continue;
      }
      const sentAt = performance.now();
      result.sent += 1;
      const one = get(agent, url, headers).then((status) => {
        result.latenciesMs.push(performance.now() - sentAt);
        if (status === 200) result.ok += 1;
        else result.failed += 1;
        pending.delete(one);
      });
      pending.add(one);
    }
    await sleep(TICK_MS);
  }
  await Promise.all(pending);
  agent.destroy();
  return result;
}

interface Scenario {
  name: string;
  level: string;
  path: string;
  signedIn: boolean;
}

interface ScenarioResult extends Scenario {
  seconds: number;
  requests: number;
  ok: number;
  failed: number;
  skipped: number;
  cpuPercent: number;
  idleCpuPercent: number;
  /** Server CPU over the window above its idle share, per request answered. */
  cpuMsPerRequest: number;
  latencyMs: { p50: number; p99: number; max: number };
}

const SCENARIOS: Scenario[] = [
  { name: 'GET /api/health, log level info (default)', level: 'info', path: '/api/health', signedIn: false },
  { name: 'GET /api/auth/check (session), info', level: 'info', path: '/api/auth/check', signedIn: true },
  { name: 'GET /api/health, log level warn', level: 'warn', path: '/api/health', signedIn: false },
  { name: 'GET /api/health, log level debug (request lines on)', level: 'debug', path: '/api/health', signedIn: false },
];

/** The server's CPU % of one core over a window, from /proc. */
function serverPercent(window: Awaited<ReturnType<typeof measureWindow>>, pid: number): number {
  return window.processes.find((p) => p.pid === pid)?.cpuPercent ?? Number.NaN;
}

/** A short warm-up (the JIT sees the path first), then the measured window under load. */
async function measureScenario(scenario: Scenario, pid: number, url: URL, headers: Record<string, string>, idle: number): Promise<ScenarioResult> {
  await drive(url, headers, RATE, 2);
  log(`${scenario.name}: ${RATE} req/s for ${SECONDS} s`);
  const [window, load] = await Promise.all([measureWindow([pid], SECONDS), drive(url, headers, RATE, SECONDS)]);
  const cpuPercent = serverPercent(window, pid);
  const answered = load.ok + load.failed;
  const netCpuMs = ((cpuPercent - idle) / 100) * window.seconds * 1_000;
  return {
    ...scenario,
    seconds: round(window.seconds),
    requests: load.sent,
    ok: load.ok,
    failed: load.failed,
    skipped: load.skipped,
    cpuPercent: round(cpuPercent),
    idleCpuPercent: round(idle),
    cpuMsPerRequest: round(netCpuMs / Math.max(1, answered), 3),
    latencyMs: {
      p50: round(percentile(load.latenciesMs, 50), 2),
      p99: round(percentile(load.latenciesMs, 99), 2),
      max: round(Math.max(...load.latenciesMs), 2),
    },
  };
}

async function runLevel(level: string, scenarios: Scenario[]): Promise<ScenarioResult[]> {
  const env: Record<string, string> = level === 'info' ? {} : { HOMECAM_LOG_LEVEL: level };
  const profDir = process.env.BENCH_CPU_PROF;
  const { server, token, stop } = await startOwnedServer(env, undefined, profDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profDir)}`] : []);
  const results: ScenarioResult[] = [];
  try {
    // Start-up work (first sign-in, caches) settles before the idle window.
    await sleep(2_000);
    const idle = serverPercent(await measureWindow([server.pid], IDLE_SECONDS), server.pid);
    for (const scenario of scenarios) {
      const headers: Record<string, string> = scenario.signedIn ? { authorization: `Bearer ${token}` } : {};
      results.push(await measureScenario(scenario, server.pid, new URL(scenario.path, server.url), headers, idle));
    }
  } finally {
    await stop();
  }
  return results;
}

/**
 * The floor on this machine: a bare node:http server answering the same JSON, measured the same way. What HomeCam
 * costs above it is its own (Fastify, hooks, logging); the floor itself is the kernel's loopback and HTTP parsing.
 */
const FLOOR_SERVER = `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json; charset=utf-8'); s.end('{"status":"ok"}'); })
  .listen(0, '127.0.0.1', function () { process.stdout.write(this.address().port + '\\n'); });`;

async function runFloor(): Promise<ScenarioResult> {
  const child = spawn(process.execPath, ['-e', FLOOR_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  };
  own('floor server', stop);
  try {
    const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
    const url = new URL(`http://127.0.0.1:${chunk.toString().trim()}/api/health`);
    const scenario: Scenario = { name: 'bare node:http server, same answer (the floor)', level: '–', path: '/api/health', signedIn: false };
    return await measureScenario(scenario, child.pid!, url, {}, 0);
  } finally {
    await stop();
  }
}

async function main(): Promise<void> {
  const warning = buildWarning();
  if (warning) log(`WARNING: ${warning}`);
  const started = Date.now();
  const results: ScenarioResult[] = [];
  for (const level of [...new Set(SCENARIOS.map((s) => s.level))]) {
    results.push(...(await runLevel(level, SCENARIOS.filter((s) => s.level === level))));
  }
  results.push(await runFloor());
  const rows: Row[] = results.flatMap((r) => [
    {
      metric: `${r.name}: server CPU (idle ${r.idleCpuPercent.toFixed(2)} %)`,
      measured: `${r.cpuPercent.toFixed(1)} % of a core, ${r.cpuMsPerRequest.toFixed(3)} ms per request`,
      target: '–',
      pass: null,
    },
    {
      metric: `${r.name}: latency p50 / p99 / max`,
      measured: `${r.latencyMs.p50.toFixed(2)} / ${r.latencyMs.p99.toFixed(2)} / ${r.latencyMs.max.toFixed(1)} ms (${r.ok} ok, ${r.failed} failed, ${r.skipped} skipped)`,
      target: '–',
      pass: r.failed === 0 && r.skipped === 0 ? null : false,
    },
  ]);
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length },
    durationSeconds: Math.round((Date.now() - started) / 1_000),
    rate: RATE,
    seconds: SECONDS,
    results,
  };
  const notes = [
    `Open loop at ${RATE} req/s on keep-alive loopback connections, at most ${MAX_IN_FLIGHT} in flight; CPU of the server process (/proc, utime + stime) over the window minus its idle share, divided by the answers.`,
    'The load generator runs on the same machine: latencies include its scheduling, CPU does not.',
  ];
  publishResults('requests', 'Per-request cost', result, rows, notes, resolve(import.meta.dirname, '..', '..'));
}

await runBench(main, guardRun(300_000));
