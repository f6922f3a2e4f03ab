/**
 * What every bench run shares: a timestamped log on stderr, and clean-up of every child process it started,
 * also on failure, Ctrl-C, SIGTERM or when the run overstays its deadline.
 */
import { cpus, release } from 'node:os';
import { CLK_TCK, descendants, readStat } from './proc.js';
import { Api, buildWarning, signIn, startServer, type BenchServer, type LoginResponse } from './server.js';
import { round } from './stats.js';

const t0 = performance.now();

/** Seconds since the run started. */
export const elapsedSeconds = (): number => (performance.now() - t0) / 1000;

export const log = (message: string): void => {
  process.stderr.write(`[bench ${elapsedSeconds().toFixed(1).padStart(5)} s] ${message}\n`);
};

export const sleep = (msec: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, msec));

const cleanups: { name: string; run: () => Promise<void> }[] = [];
let cleaning: Promise<void> | null = null;

/** Registers a clean-up; once clean-up has begun (signal, watchdog), runs it at once instead. */
export function own(name: string, run: () => Promise<void>): void {
  if (cleaning) void run().catch((error: unknown) => log(`clean-up of ${name} failed: ${String(error)}`));
  else cleanups.push({ name, run });
}

/** Runs every registered clean-up, newest first, each bounded to 10 s. */
export function cleanupAll(): Promise<void> {
  cleaning ??= (async () => {
    for (const { name, run } of cleanups.splice(0).reverse()) {
      try {
        await Promise.race([run(), sleep(10_000)]);
      } catch (error) {
        log(`clean-up of ${name} failed: ${String(error)}`);
      }
    }
  })();
  return cleaning;
}

/**
 * Installs the signal handlers and a watchdog that stops everything after `deadlineMs`, so a bench never outlives
 * its budget or leaves a simulator behind. Returns the function that disarms the watchdog at the end of a run.
 */
export function guardRun(deadlineMs: number): () => void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping everything`);
      void cleanupAll().finally(() => process.exit(130));
    });
  }
  const watchdog = setTimeout(() => {
    log(`watchdog: the run took over ${deadlineMs / 1000} s, stopping everything`);
    void cleanupAll().finally(() => process.exit(2));
  }, deadlineMs);
  return () => clearTimeout(watchdog);
}

/** Kills what is left of a process tree by pid (the server's ffmpeg children, if the server did not). */
export function killLeftovers(pids: number[]): number {
  let killed = 0;
  for (const pid of pids) {
    if (!readStat(pid)) continue;
    try {
      process.kill(pid, 'SIGKILL');
      killed += 1;
    } catch {
      // gone meanwhile
    }
  }
  return killed;
}

/** Runs a bench's main: a failure is logged with its stack and sets exit code 1; everything is cleaned up either way. */
export async function runBench(main: () => Promise<void>, disarmWatchdog: () => void): Promise<void> {
  try {
    await main();
  } catch (error) {
    log(`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  } finally {
    await cleanupAll();
    disarmWatchdog();
  }
}

/**
 * Starts the built server, signed in, and owned by the run: on clean-up it stops and whatever ffmpeg it left
 * behind is killed. `stop()` does the same earlier, when a bench is done with the server.
 */
export async function startOwnedServer(
  env: Record<string, string> = {},
  config?: Record<string, unknown>,
  nodeArgs: readonly string[] = [],
  /** Another build of the server than server/dist/main.js (A/B comparisons). */
  entry?: string,
): Promise<{ server: BenchServer; api: Api; session: LoginResponse; token: string; stop: () => Promise<void> }> {
  const server = await startServer(env, config, { nodeArgs, ...(entry ? { entry } : {}) });
  let stopped: Promise<void> | null = null;
  const stop = (): Promise<void> =>
    (stopped ??= (async () => {
      const tree = descendants(server.pid);
      await server.stop();
      const killed = killLeftovers(tree);
      if (killed) log(`killed ${killed} process(es) the server left behind`);
    })());
  own('server', stop);
  log(`server up in ${(server.startMs / 1000).toFixed(1)} s at ${server.url} (pid ${server.pid})`);
  const api = new Api(server.url);
  const session = await signIn(api);
  return { server, api, session, token: session.access_token, stop };
}

/**
 * Refuses to measure without server/dist; a build older than its sources is measured, but the warning is logged and
 * added to the run's notes (the JSON's readers see it). Returns the warning for the JSON's setup block.
 */
export function checkBuild(notes: string[]): string | null {
  const warning = buildWarning();
  if (warning === 'server/dist/main.js is missing') throw new Error('server/dist/main.js is missing: run `npm run build` first');
  if (warning) {
    notes.push(`WARNING: ${warning}`);
    log(`WARNING: ${warning}`);
  }
  return warning;
}

/**
 * The head of a CPU bench's JSON: when it ran, for how long, and on what (CPU model, kernel, Node, the clock tick the
 * /proc figures are in), so results of different machines or runs are never compared blindly. `machine` adds to it.
 */
export function runHeader(machine: Record<string, unknown> = {}) {
  return {
    date: new Date().toISOString(),
    durationSeconds: round(elapsedSeconds(), 1),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? null, kernel: release(), node: process.version, clkTck: CLK_TCK, ...machine },
  };
}
