import { freePort } from '@homecam/tools';
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
export const SERVER_ENTRY = join(REPO_ROOT, 'server', 'dist', 'main.js');

export interface LoginResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  expires_at: string;
  user: { id: number; username: string; mustChangeCredentials: boolean };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    message: string,
  ) {
    super(message);
  }
}

/** Direct API calls (bearer token), as the web app makes them. */
export class Api {
  token: string | null = null;

  constructor(readonly baseUrl: string) {}

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new ApiError(response.status, text, `${method} ${path} → ${response.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async login(username: string, password: string): Promise<LoginResponse> {
    const session = await this.request<LoginResponse>('POST', '/api/auth/login', { username, password });
    this.token = session.access_token;
    return session;
  }
}

export const BENCH_USER = { username: 'bench', password: 'bench-password-1' } as const;

/** First start: master/master must choose a new name and password; then sign in with those. */
export async function signIn(api: Api): Promise<LoginResponse> {
  const first = await api.login('master', 'master');
  await api.request('PATCH', `/api/users/${first.user.id}`, { ...BENCH_USER, currentPassword: 'master' });
  return api.login(BENCH_USER.username, BENCH_USER.password);
}

/** Kept here for this module's importers; the one implementation is in @homecam/tools. */
export { freePort };

/** Not part of a build: tests and their helpers (server/tsconfig.build.json excludes them). */
const NOT_BUILT = /\.test\.tsx?$|^test-support$|^test-fixtures$/;

/** Newest modification time under `dir` (ms), to warn about a stale build; tests are skipped. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (NOT_BUILT.test(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (entry.isFile()) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** null when server/dist and web/dist are at least as new as their sources, else a warning. */
export function buildWarning(): string | null {
  if (!existsSync(SERVER_ENTRY)) return 'server/dist/main.js is missing';
  const shared = newestMtime(join(REPO_ROOT, 'packages', 'shared', 'src'));
  const stale: string[] = [];
  const check = (built: string, source: string): void => {
    const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
    if (Math.max(shared, newestMtime(join(REPO_ROOT, source))) > builtAt) stale.push(source);
  };
  // tsc -b rewrites only the outputs that changed; its build info is written on every build that had work to do
  const buildInfo = join(REPO_ROOT, 'server', 'dist', '.tsbuildinfo');
  check(existsSync(buildInfo) ? buildInfo : SERVER_ENTRY, join('server', 'src'));
  check(join(REPO_ROOT, 'web', 'dist', 'index.html'), join('web', 'src'));
  return stale.length ? `files in ${stale.join(' and ')} changed after the last build: run \`npm run build\` to measure the current code` : null;
}

export interface BenchServer {
  url: string;
  pid: number;
  child: ChildProcess;
  dataDir: string;
  /** performance.now() when the process was spawned. */
  spawnedAt: number;
  startMs: number;
  output(): string;
  stop(): Promise<void>;
}

/**
 * `config`: a config.json to start with (the server fills in every default), e.g. `{ webrtc: { bindAddress } }`.
 * `launch.nodeArgs`: options for the server's Node, e.g. `--cpu-prof` (not allowed in NODE_OPTIONS) to profile a
 * scenario; `launch.entry`: another build of the server (default server/dist/main.js), e.g. to compare two side by side.
 */
export async function startServer(env: Record<string, string> = {}, config?: Record<string, unknown>, launch: { nodeArgs?: readonly string[]; entry?: string } = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'homecam-bench-'));
  if (config) writeFileSync(join(dataDir, 'config.json'), JSON.stringify(config, null, 2), { mode: 0o600 });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const t0 = performance.now();
  const child = spawn(process.execPath, [...(launch.nodeArgs ?? []), launch.entry ?? SERVER_ENTRY, '--port', String(port), '--data', dataDir, '--host', '127.0.0.1'], {
    cwd: REPO_ROOT,
    // the server's default log level, as a user runs it (HOMECAM_LOG_LEVEL passes through)
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // BENCH_SERVER_LOG=<file>: the whole log too (with HOMECAM_LOG_LEVEL=debug, where a page's start spends its time)
  const logFile = process.env.BENCH_SERVER_LOG;
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-20_000);
    if (logFile) appendFileSync(logFile, chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited with ${child.exitCode}: ${output.slice(-2_000)}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server not healthy within 20 s: ${output.slice(-2_000)}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return { url, pid: child.pid!, child, dataDir, spawnedAt: t0, startMs: performance.now() - t0, output: () => output, stop };
}
