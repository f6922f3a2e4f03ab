import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAllSockets, connectOutcome, socketClient } from './helpers/socket.js';
import { makeDataDir } from './helpers/test-app.js';

const MAIN = resolve(import.meta.dirname, '..', 'src', 'main.ts');
const children: ChildProcess[] = [];

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; at: number }>;
}

/**
 * Runs main.ts like `node dist/main.js` would, through tsx so no build is needed. `shell`: a command run first in
 * the same process (`ulimit -Sn 1024`), which then becomes node.
 */
function start(args: string[], env: Record<string, string> = {}, shell?: string): Started {
  const node = [process.execPath, '--conditions=source', '--import', 'tsx', MAIN, ...args];
  const [file, ...rest] = shell ? ['sh', '-c', `${shell} && exec "$0" "$@"`, ...node] : node;
  const child = spawn(file!, rest, {
    env: { ...process.env, HOMECAM_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((done) =>
    child.once('exit', (code) => done({ code, at: performance.now() })),
  );
  return { child, output: () => output, exited };
}

/** Resolves with the first match of `pattern` in the output, or rejects if the process exits first. */
function waitForOutput(started: Started, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolveMatch, reject) => {
    const check = (): void => {
      const match = pattern.exec(started.output());
      if (match) {
        started.child.stdout?.off('data', check);
        resolveMatch(match);
      }
    };
    started.child.stdout?.on('data', check);
    void started.exited.then(() => reject(new Error(`exited before ${String(pattern)}:\n${started.output()}`)));
    check();
  });
}

afterEach(() => {
  closeAllSockets();
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('main', () => {
  it('creates the data dir, logs one ready line with the URL, and stops on SIGTERM within 2 s with code 0', async () => {
    const dataDir = join(await makeDataDir(), 'nested', 'data');
    const server = start(['--port', '0', '--data', dataDir, '--host', '127.0.0.1'], { HOMECAM_PORT: '1' });
    const [, url] = await waitForOutput(server, /HomeCam listening on (http:\/\/127\.0\.0\.1:\d+) \(ready in \d+ ms\)/);
    if (!url) throw new Error('no url');
    expect(existsSync(join(dataDir, 'homecam.db'))).toBe(true);
    expect(existsSync(join(dataDir, 'config.json'))).toBe(true);

    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    // An open realtime connection and a signed-in session must not hold the shutdown up.
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'master', password: 'master' }),
    });
    expect(login.status).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };
    const socket = socketClient(url, 'no-token');
    expect(await connectOutcome(socket)).toBe('UNAUTHENTICATED');

    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    const { code, at } = await server.exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(2_000);
    expect(server.output().match(/HomeCam listening/g)).toHaveLength(1);
    expect(server.output()).not.toContain(token);
    // The root warning is wired into the start: present exactly when this test runs as root (CI does).
    expect(server.output().includes('HomeCam is running as root (uid 0)')).toBe(process.getuid?.() === 0);
  });

  it('under a low open-files limit warns at start, with the connection cap it leaves (D1)', async () => {
    const server = start(['--port', '0', '--data', await makeDataDir(), '--host', '127.0.0.1'], {}, 'ulimit -n 1024');
    await waitForOutput(server, /"level":40,.*"softLimit":1024,"hardLimit":1024,"maxConnections":512,"msg":"open-files limit is low/);
    await waitForOutput(server, /HomeCam listening on/);
  });

  it('exits 1 naming the bad key when config.json is invalid', async () => {
    const dataDir = await makeDataDir();
    await writeFile(join(dataDir, 'config.json'), JSON.stringify({ mqtt: { port: 'x' } }));
    const server = start(['--port', '0', '--data', dataDir]);
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain('config.json: mqtt.port: expected number');
    expect(server.output()).not.toMatch(/\n[ \t]+at /);
  });

  it('exits 1 with the usage on a bad option', async () => {
    const server = start(['--port', 'eighty']);
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain('--port: expected a port number');
  });
});
