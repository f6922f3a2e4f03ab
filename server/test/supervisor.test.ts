import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDataDir } from './helpers/test-app.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SUPERVISOR = resolve(ROOT, 'scripts', 'supervisor.mjs');
const MAIN = resolve(ROOT, 'server', 'src', 'main.ts');
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** The start script's supervisor over main.ts (through tsx, no build needed), as `npm start -- --port 0` runs it. */
function startSupervised(dataDir: string) {
  const child = spawn(process.execPath, [SUPERVISOR, '--conditions=source', '--import', 'tsx', MAIN, '--', '--port', '0', '--data', dataDir, '--host', '127.0.0.1'], {
    env: { ...process.env, HOMECAM_LOG_LEVEL: 'info', HOMECAM_SUPERVISED: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  /** Resolves with the n-th URL the server reported listening on. */
  const listening = (n: number) =>
    new Promise<string>((done, reject) => {
      const check = (): void => {
        const urls = [...output.matchAll(/HomeCam listening on (http:\/\/127\.0\.0\.1:\d+)/g)].map((m) => m[1] ?? '');
        if (urls.length >= n) {
          child.stdout?.off('data', check);
          done(urls[n - 1] ?? '');
        }
      };
      child.stdout?.on('data', check);
      void exited.then(() => reject(new Error(`supervisor exited:\n${output}`)));
      check();
    });
  return { child, exited, listening, output: () => output };
}

/** Signs in as master and does the first-start credential change (until then, only that route answers). */
async function adminToken(url: string): Promise<string> {
  const json = { 'content-type': 'application/json' };
  const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ username: 'master', password: 'master' }) });
  const session = (await login.json()) as { access_token: string; user: { id: number } };
  const change = await fetch(`${url}/api/users/${session.user.id}`, {
    method: 'PATCH',
    headers: { ...json, authorization: `Bearer ${session.access_token}` },
    body: JSON.stringify({ username: 'admin', password: 'admin-password-1', currentPassword: 'master' }),
  });
  expect(change.status).toBe(200);
  const again = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ username: 'admin', password: 'admin-password-1' }) });
  return ((await again.json()) as { access_token: string }).access_token;
}

async function startOf(url: string, token: string): Promise<{ startedAt: string; supervised: boolean }> {
  const response = await fetch(`${url}/api/system/info`, { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()) as { startedAt: string; supervised: boolean };
}

describe('start script supervisor', () => {
  it('starts the server again on the same port after a restart from the API, and passes SIGTERM on', async () => {
    const supervisor = startSupervised(await makeDataDir());
    const first = await supervisor.listening(1);
    const token = await adminToken(first);
    const before = await startOf(first, token);
    // Not HOMECAM_SUPERVISED from the environment: the supervisor's IPC channel makes the server restartable.
    expect(before.supervised).toBe(true);

    const restart = await fetch(`${first}/api/system/restart`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(restart.status).toBe(202);
    expect(await restart.json()).toEqual({ restarting: true });

    const second = await supervisor.listening(2);
    expect(second).toBe(first);
    expect(supervisor.output()).toContain('HomeCam: restarting');
    // A new process: sessions live in the database, so the token still works, but the start time moved on.
    const after = await startOf(second, token);
    expect(after.startedAt).not.toBe(before.startedAt);

    const signalledAt = performance.now();
    supervisor.child.kill('SIGTERM');
    expect(await supervisor.exited).toBe(0);
    expect(performance.now() - signalledAt).toBeLessThan(2_000);
    // Two cold starts of main.ts through tsx: 10.6 s on a quiet machine, over the 20 s default under a load of 10.
  }, 45_000);

  it('ends with the server\'s own exit code when it fails (no restart loop)', async () => {
    const supervisor = spawn(process.execPath, [SUPERVISOR, '--conditions=source', '--import', 'tsx', MAIN, '--', '--port', 'eighty'], { stdio: 'ignore' });
    children.push(supervisor);
    const code = await new Promise<number | null>((done) => supervisor.once('exit', done));
    expect(code).toBe(1);
  });
});
