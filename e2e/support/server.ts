import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const serverEntry = join(repoRoot, 'server', 'dist', 'main.js');

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
  /** Everything the server wrote, for assertions that secrets never reach the log. */
  output(): string;
  /** How often the server exited to restart (exit code 75) and was started again. */
  restarts(): number;
}

/**
 * The URL from the server's ready line. The server listens on port 0 (the OS picks a free one): a port
 * probed free beforehand could be taken by any other process (another worker's server, a camera
 * simulator, an outgoing connection) before the server binds it.
 */
async function waitForListening(child: ChildProcess, output: () => string, deadlineMs: number): Promise<string> {
  const pattern = /HomeCam listening on (http:\/\/127\.0\.0\.1:\d+)/;
  return new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => finish(new Error(`server did not report listening within ${deadlineMs} ms:\n${output()}`)), deadlineMs);
    const check = (): void => {
      const match = pattern.exec(output());
      if (match?.[1]) finish(undefined, match[1]);
    };
    const exited = (code: number | null): void => finish(new Error(`server exited with ${code}:\n${output()}`));
    function finish(error?: Error, url?: string): void {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.stderr?.off('data', check);
      child.off('exit', exited);
      if (url) resolveUrl(url);
      else reject(error ?? new Error('no url'));
    }
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', exited);
    check();
  });
}

async function waitForHealth(url: string, child: ChildProcess, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setImmediate(r));
  }
  throw new Error(`server at ${url} not healthy within ${deadlineMs} ms`);
}

const RESTART_EXIT_CODE = 75;

function spawnServer(dataDir: string, port: string, env: Record<string, string>, onOutput: (text: string) => void): ChildProcess {
  // HOMECAM_SUPERVISED: like the start script, this fixture starts the server again when it exits to restart.
  // HOMECAM_ALLOW_ROOT: CI runs as root in a throw-away machine; the root warning stays in the log, but its
  // notification would be in every test's notification list (server/test/root-warning.test.ts covers it).
  const child = spawn(process.execPath, [serverEntry, '--port', port, '--data', dataDir, '--host', '127.0.0.1'], {
    env: { ...process.env, HOMECAM_LOG_LEVEL: 'info', HOMECAM_SUPERVISED: '1', HOMECAM_ALLOW_ROOT: '1', HOMECAM_ONVIF_DISCOVERY: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => onOutput(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => onOutput(chunk.toString()));
  return child;
}

/**
 * Starts the built server (server/dist) on a free port with a fresh data directory. When the server exits with
 * the restart code (Settings → System → restart, a restore), it is started again on the same port and data, as
 * the start script does; `restarts()` counts those.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'homecam-e2e-'));
  let output = '';
  let restarts = 0;
  let stopping = false;
  const append = (text: string): void => void (output += text);
  let child = spawnServer(dataDir, '0', env, append);
  // 30 s: a cold start (a fresh data dir, its migrations, the first bundle read) on a loaded 2-core machine
  // took over 15 s when the suite began beside other work; a quiet start is ~0.5 s.
  let url: string;
  try {
    url = await waitForListening(child, () => output, 30_000);
    await waitForHealth(url, child, 15_000);
  } catch (error) {
    // A server that did not come up in time is still ours: left running it outlives the test run.
    child.kill('SIGKILL');
    throw error;
  }
  const port = new URL(url).port;
  const superviseRestart = (current: ChildProcess): void => {
    current.once('exit', (code) => {
      if (stopping || code !== RESTART_EXIT_CODE) return;
      restarts += 1;
      child = spawnServer(dataDir, port, env, append);
      superviseRestart(child);
    });
  };
  superviseRestart(child);
  return {
    url,
    dataDir,
    output: () => output,
    restarts: () => restarts,
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
