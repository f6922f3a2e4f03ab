import { afterEach, describe, expect, it } from 'vitest';
import { liveChildCount } from './children.js';
import { SupervisedProcess, type ProcessExit, type SupervisedProcessOptions } from './supervised-process.js';

/** Real child processes (node -e) with short time-outs: the supervisor's timing is what is under test. */
function node(script: string, options: Partial<SupervisedProcessOptions> = {}): SupervisedProcess {
  return new SupervisedProcess({
    command: process.execPath,
    args: () => ['-e', script],
    backoff: { initialMs: 50, maxMs: 200 },
    killTimeoutMs: 300,
    ...options,
  });
}

function nextExit(proc: SupervisedProcess): Promise<ProcessExit> {
  return new Promise((resolve) => proc.once('exit', resolve));
}

const running: SupervisedProcess[] = [];
function track(proc: SupervisedProcess): SupervisedProcess {
  running.push(proc);
  return proc;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
  expect(liveChildCount()).toBe(0);
});

describe('SupervisedProcess', () => {
  it('streams stdout, keeps a bounded redacted stderr tail, and retries with growing backoff', async () => {
    const proc = track(node(`process.stdout.write('x'); process.stderr.write('e'.repeat(9000) + 'hunter2\\nlast pw=hunter2'); process.exit(3)`, {
      stderrLimit: 100,
      redact: (t) => t.replace('hunter2', '***'),
    }));
    const data: Buffer[] = [];
    const retries: number[] = [];
    proc.on('data', (chunk) => data.push(chunk));
    proc.on('retry', ({ delayMs }) => retries.push(delayMs));
    const first = nextExit(proc);
    proc.start();
    const exit = await first;
    expect(exit).toMatchObject({ reason: 'exited', code: 3, hadOutput: true, willRetry: true });
    expect(exit.stderr.length).toBeLessThanOrEqual(100);
    expect(exit.stderr).toBe('last pw=***');
    expect(Buffer.concat(data).toString()).toBe('x');
    await new Promise<void>((resolve) => proc.on('exit', () => retries.length >= 3 && resolve()));
    expect(retries.slice(0, 3)).toEqual([50, 100, 200]);
  });

  it('kills a process that never writes (first-output time-out)', async () => {
    const proc = track(node('setInterval(() => {}, 1000)', { firstOutputTimeoutMs: 150 }));
    const exit = nextExit(proc);
    proc.start();
    expect(await exit).toMatchObject({ reason: 'first-output-timeout', signal: 'SIGTERM', hadOutput: false });
  });

  it('kills a process whose output stalls', async () => {
    const proc = track(node(`process.stdout.write('x'); setInterval(() => {}, 1000)`, { stallTimeoutMs: 150 }));
    const exit = nextExit(proc);
    proc.start();
    expect(await exit).toMatchObject({ reason: 'stalled', hadOutput: true });
  });

  it('stop() sends SIGTERM, then SIGKILL to a process that ignores it', async () => {
    const proc = node(`process.on('SIGTERM', () => {}); process.stdout.write('ready'); setInterval(() => {}, 1000)`);
    const started = new Promise((resolve) => proc.once('data', resolve));
    const exit = nextExit(proc);
    proc.start();
    await started;
    const t0 = Date.now();
    await proc.stop();
    expect(await exit).toMatchObject({ reason: 'stopped', signal: 'SIGKILL', willRetry: false });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
    expect(proc.running).toBe(false);
  });

  it('restart() replaces the process at once, without backoff', async () => {
    let n = 0;
    const proc = track(new SupervisedProcess({
      command: process.execPath,
      args: () => ['-e', `process.stdout.write('run${++n}'); setInterval(() => {}, 1000)`],
      backoff: { initialMs: 60_000 },
    }));
    const outputs: string[] = [];
    proc.on('data', (chunk) => outputs.push(chunk.toString()));
    proc.start();
    await new Promise<void>((resolve) => proc.on('data', () => outputs.length === 1 && resolve()));
    const firstPid = proc.pid;
    proc.restart();
    await new Promise<void>((resolve) => proc.on('data', () => outputs.length === 2 && resolve()));
    expect(outputs).toEqual(['run1', 'run2']);
    expect(proc.pid).not.toBe(firstPid);
  });

  it('reports a binary that cannot start and keeps retrying', async () => {
    const proc = track(new SupervisedProcess({ command: '/nonexistent/ffmpeg', args: () => [], backoff: { initialMs: 20 } }));
    const exit = nextExit(proc);
    proc.start();
    expect(await exit).toMatchObject({ reason: 'spawn-failed', code: null, willRetry: true });
    expect((await nextExit(proc)).reason).toBe('spawn-failed');
  });
});
