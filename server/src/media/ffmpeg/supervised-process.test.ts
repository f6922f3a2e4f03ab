import { afterEach, describe, expect, it } from 'vitest';
import { liveChildCount } from './children.js';
import { SupervisedProcess, type ProcessExit, type SupervisedProcessOptions } from './supervised-process.js';
import { FakeClock } from '../../lib/fake-clock.js';

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

describe('SupervisedProcess with stdin', () => {
  const echo = `process.stdin.on('data', (c) => process.stdout.write(c)); process.stdin.on('end', () => process.exit(0))`;

  function collect(proc: SupervisedProcess): { text: () => string } {
    const chunks: Buffer[] = [];
    proc.on('data', (chunk) => chunks.push(chunk));
    return { text: () => Buffer.concat(chunks).toString() };
  }

  it('feeds the child: a header written on started reaches every new child first', async () => {
    const proc = track(node(echo, { stdin: true, firstOutputTimeoutMs: 0 }));
    const out = collect(proc);
    const starts: number[] = [];
    proc.on('started', ({ attempt }) => {
      starts.push(attempt);
      expect(proc.write(Buffer.from(`H${attempt}|`))).toBe(true);
    });
    proc.start();
    expect(starts).toEqual([1]); // synchronously, before any output
    expect(proc.write(Buffer.from('a'))).toBe(true);
    await new Promise<void>((resolve) => proc.on('data', () => out.text() === 'H1|a' && resolve()));
    await proc.drained();

    proc.restart();
    expect(starts).toEqual([1]); // not before the old child has exited
    await new Promise<void>((resolve) => proc.once('started', () => resolve()));
    expect(proc.write(Buffer.from('b'))).toBe(true);
    await new Promise<void>((resolve) => proc.on('data', () => out.text().endsWith('H2|b') && resolve()));
    expect(out.text()).toBe('H1|aH2|b');
  });

  it('write() returns false when nothing can take the bytes, and never throws', async () => {
    const plain = track(node(`process.stdout.write('x'); setInterval(() => {}, 1000)`));
    plain.start();
    expect(plain.write(Buffer.from('x'))).toBe(false); // no stdin option: stdin is ignored

    const proc = track(node(`process.exit(0)`, { stdin: true, backoff: { initialMs: 60_000 } }));
    expect(proc.write(Buffer.from('x'))).toBe(false); // not started
    const exit = nextExit(proc);
    proc.start();
    // the child exits without reading: writes until then are buffered, then EPIPE, which must not surface
    const big = Buffer.alloc(1 << 20);
    expect(() => proc.write(big)).not.toThrow();
    const drained = proc.drained(); // the 1 MiB is never read: resolves on the child's exit
    expect(await exit).toMatchObject({ reason: 'exited', code: 0, willRetry: true });
    await drained;
    expect(proc.running).toBe(false);
    expect(proc.write(big)).toBe(false); // waiting for the retry
    await proc.stop();
    expect(proc.write(big)).toBe(false);
  });

  it('stop() ends stdin first, so a child reading it can finish by itself', async () => {
    const proc = node(`process.on('SIGTERM', () => {}); ${echo}`, { stdin: true, killTimeoutMs: 5_000 });
    const exit = nextExit(proc);
    proc.start();
    proc.write(Buffer.from('x'));
    await new Promise((resolve) => proc.once('data', resolve));
    const t0 = Date.now();
    await proc.stop();
    expect(await exit).toMatchObject({ reason: 'stopped', code: 0, signal: null, willRetry: false });
    expect(Date.now() - t0).toBeLessThan(4_000); // did not need the SIGKILL
    expect(proc.write(Buffer.from('y'))).toBe(false);
  });

  it('the stall time-out counts only while the child is fed', async () => {
    const silent = `process.stdin.resume(); setInterval(() => {}, 1000)`;
    const proc = track(node(silent, { stdin: true, firstOutputTimeoutMs: 0, stallTimeoutMs: 150 }));
    const exits: ProcessExit[] = [];
    proc.on('exit', (e) => exits.push(e));
    proc.start();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(exits).toEqual([]); // not fed: a quiet child is fine
    const exit = nextExit(proc);
    const t0 = Date.now();
    proc.write(Buffer.from('x'));
    expect(await exit).toMatchObject({ reason: 'stalled', willRetry: true });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
  });

  it('a fed child that answers is not stalled', async () => {
    // The watchdog runs on a clock the test moves, so a machine slow to start the child cannot fake a stall.
    const clock = new FakeClock(0);
    const proc = track(node(echo, { stdin: true, firstOutputTimeoutMs: 0, stallTimeoutMs: 200, timers: clock }));
    const exits: ProcessExit[] = [];
    proc.on('exit', (e) => exits.push(e));
    const out = collect(proc);
    proc.start();
    for (let i = 1; i <= 8; i++) {
      proc.write(Buffer.from('.'));
      await new Promise<void>((resolve) => (out.text().length >= i ? resolve() : proc.on('data', () => out.text().length >= i && resolve())));
      clock.advance(150);
    }
    clock.advance(1_000); // quiet and not fed
    expect(exits).toEqual([]);
    expect(out.text()).toBe('........');
  });

  it('steady output keeps one stall timer (not a new one per chunk), and silence after it is a stall', async () => {
    const clock = new FakeClock(0);
    let timersSet = 0;
    const timers = { now: () => clock.now(), setTimer: (ms: number, fn: () => void) => (timersSet++, clock.setTimer(ms, fn)) };
    const writer = `let n = 0; const t = setInterval(() => { process.stdout.write('x'); if (++n === 6) clearInterval(t); }, 30); setInterval(() => {}, 1000)`;
    const proc = track(node(writer, { firstOutputTimeoutMs: 5_000, stallTimeoutMs: 200, timers }));
    let chunks = 0;
    const sixChunks = new Promise<void>((resolve) => proc.on('data', () => ++chunks === 6 && resolve()));
    proc.on('data', () => clock.advance(10)); // output every 10 ms of the test's clock: never a stall
    proc.start();
    await sixChunks;
    expect(timersSet).toBe(2); // the first-output watchdog, then one stall check for the whole run
    const exit = nextExit(proc);
    clock.advance(1_000);
    expect(await exit).toMatchObject({ reason: 'stalled', hadOutput: true });
  });
});
