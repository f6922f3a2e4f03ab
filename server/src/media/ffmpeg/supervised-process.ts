import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { systemClock, type Clock } from '../../lib/clock.js';
import { Backoff, type BackoffOptions } from './backoff.js';
import { killWithParent, spawnTied } from './children.js';
import type { ExitReason, ProcessExit } from './process-exit.js';
import { StderrTail } from './stderr-tail.js';

export type { ExitReason, ProcessExit } from './process-exit.js';

/** The part of the server's one Clock a supervised process needs (tests pass a FakeClock). */
export type Timers = Pick<Clock, 'now' | 'setTimer'>;

export type SpawnFn = (command: string, args: readonly string[], options: SpawnOptions) => ChildProcess;

export interface SupervisedProcessOptions {
  command: string;
  /** Called before every start, so arguments can change between attempts. */
  args: () => readonly string[];
  /** Kill and retry when stdout is silent this long after a start. Default 15 s; 0 disables. */
  firstOutputTimeoutMs?: number;
  /**
   * Kill and retry when stdout stops for this long once it has started. Default 10 s; 0 disables. With
   * `stdin`, it counts only while the child is fed: stdout silent this long since a write it has not answered.
   */
  stallTimeoutMs?: number;
  /**
   * Give the child a stdin pipe, fed with `write()`. Without it, stdin is ignored. On a kill, stdin is ended
   * before SIGTERM (a decoder reading stdin then ends by itself).
   */
  stdin?: boolean;
  /** SIGKILL this long after SIGTERM. Default 3 s. */
  killTimeoutMs?: number;
  backoff?: BackoffOptions;
  /** Bytes of stderr kept for error reasons. Default 4096. */
  stderrLimit?: number;
  /** Applied to stderr and error texts before they leave this class (credential masking). */
  redact?: (text: string) => string;
  spawn?: SpawnFn;
  timers?: Timers;
}

export interface SupervisedProcessEvents {
  /**
   * A new child was created (emitted synchronously, before any of its output, also for one that will turn
   * out 'spawn-failed'): with `stdin`, what is written now reaches it first (e.g. a stream header).
   */
  started: [{ attempt: number }];
  spawn: [{ pid: number | undefined; attempt: number }];
  data: [Buffer];
  exit: [ProcessExit];
  retry: [{ delayMs: number; attempt: number }];
}

/**
 * A child process that is kept running: first-output and stall time-outs, SIGTERM → SIGKILL on stop,
 * a bounded stderr tail for error reasons, capped exponential backoff between attempts (reset after a
 * healthy run), and SIGKILL when the Node process exits. stdout is read in flowing mode and never paused,
 * so a slow consumer downstream can never stall the producer. With `stdin`, the caller feeds the child
 * through `write()` (never throws; EPIPE from a dying child is swallowed) and `drained()` (backpressure).
 */
export class SupervisedProcess extends EventEmitter<SupervisedProcessEvents> {
  private readonly timers: Timers;
  private readonly backoff: Backoff;
  private child: ChildProcess | null = null;
  private wanted = false;
  private attempt = 0;
  private retryTimer: (() => void) | null = null;
  private watchdog: (() => void) | null = null;
  /** The watchdog is the stall check of an unfed child (re-checked when due, not re-armed per chunk). */
  private watchingStall = false;
  private killTimer: (() => void) | null = null;
  private killReason: ExitReason | null = null;
  private restartNow = false;
  private exited: Promise<void> = Promise.resolve();
  /** With `stdin`: the current child's last write and last output (fed-stall watchdog). */
  private lastWriteAt = 0;
  private lastOutputAt = 0;

  constructor(private readonly options: SupervisedProcessOptions) {
    super();
    this.timers = options.timers ?? systemClock;
    this.backoff = new Backoff(options.backoff);
  }

  get running(): boolean {
    return this.child !== null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** start() was called and stop() not since: a child is running or a retry is pending. */
  get active(): boolean {
    return this.wanted;
  }

  /**
   * With `stdin`: hands `chunk` to the current child's stdin. Returns false when it was dropped (no child,
   * a child being killed or exited, stdin closed, or no `stdin` option). Never throws. A true return may have
   * been buffered: await `drained()` before writing more to respect the child's pace.
   */
  write(chunk: Uint8Array): boolean {
    const stdin = this.child?.stdin;
    if (!stdin || this.killReason || stdin.destroyed || !stdin.writable) return false;
    stdin.write(chunk);
    this.lastWriteAt = this.timers.now();
    if (this.watchdog === null) this.armFed();
    return true;
  }

  /** Resolves once the current child's stdin buffer is below its high-water mark, or the child has exited. */
  drained(): Promise<void> {
    const child = this.child;
    const stdin = child?.stdin;
    if (!child || !stdin || stdin.destroyed || !stdin.writableNeedDrain) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        stdin.off('drain', done);
        child.off('close', done);
        resolve();
      };
      stdin.once('drain', done);
      child.once('close', done);
    });
  }

  /** Starts the process (no-op when already wanted). */
  start(): void {
    if (this.wanted) return;
    this.wanted = true;
    this.backoff.reset();
    if (!this.child) this.spawnOnce();
  }

  /** Stops the process and any pending retry; resolves when it has exited. */
  async stop(): Promise<void> {
    this.wanted = false;
    this.clearRetry();
    if (this.child) this.kill('stopped');
    await this.exited;
  }

  /** Kills the current process and starts a new one at once, without backoff (e.g. after changing args). */
  restart(): void {
    if (!this.wanted) return;
    if (this.child) {
      this.restartNow = true;
      this.kill('restarted');
    } else {
      this.clearRetry();
      this.spawnOnce();
    }
  }

  private spawnOnce(): void {
    this.attempt += 1;
    const attempt = this.attempt;
    const startedAt = this.timers.now();
    const redact = this.options.redact ?? ((text: string) => text);
    const stderr = new StderrTail(this.options.stderrLimit ?? 4096);
    let hadOutput = false;
    let spawnError: Error | undefined;
    this.killReason = null;
    this.lastWriteAt = 0;
    this.lastOutputAt = startedAt;
    const fed = this.options.stdin === true;

    const child = (this.options.spawn ?? spawnTied)(this.options.command, this.options.args(), {
      stdio: [fed ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const untrack = killWithParent(child);
    let resolveExited!: () => void;
    this.exited = new Promise((resolve) => (resolveExited = resolve));

    const firstOutputMs = this.options.firstOutputTimeoutMs ?? 15_000;
    const stallMs = this.options.stallTimeoutMs ?? 10_000;
    this.arm(firstOutputMs, 'first-output-timeout');
    child.stdout?.on('data', (chunk: Buffer) => {
      if (this.child !== child) return;
      if (!hadOutput) hadOutput = true;
      this.lastOutputAt = this.timers.now();
      if (fed || stallMs <= 0) this.disarm(); // fed: the next write re-arms
      else if (!this.watchingStall) this.armStall(stallMs);
      this.emit('data', chunk);
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => stderr.push(text));
    child.on('error', (error) => {
      spawnError = error;
    });
    child.stdin?.on('error', () => undefined); // EPIPE when the child exits: the close handler deals with it
    child.once('spawn', () => this.emit('spawn', { pid: child.pid, attempt }));
    child.once('close', (code: number | null, signal: NodeJS.Signals | null) => {
      untrack();
      this.disarm();
      this.killTimer?.();
      this.killTimer = null;
      this.child = null;
      const reason: ExitReason = spawnError && child.pid === undefined ? 'spawn-failed' : (this.killReason ?? 'exited');
      const runMs = this.timers.now() - startedAt;
      const immediate = this.restartNow && this.wanted;
      this.restartNow = false;
      const willRetry = this.wanted;
      this.emit('exit', {
        reason, code: code !== null && code < 0 ? null : code, signal, stderr: redact(stderr.tail().trim()),
        ...(spawnError ? { error: redact(spawnError.message) } : {}), runMs, hadOutput, willRetry,
      });
      resolveExited();
      if (!this.wanted || this.child) return;
      if (immediate) return this.spawnOnce();
      const delayMs = this.backoff.next({ runMs, healthy: hadOutput });
      this.emit('retry', { delayMs, attempt: this.attempt + 1 });
      this.retryTimer = this.timers.setTimer(delayMs, () => {
        this.retryTimer = null;
        if (this.wanted && !this.child) this.spawnOnce();
      });
    });
    this.emit('started', { attempt });
  }

  /** (Re)arms the single watchdog: first output, then stall. */
  private arm(ms: number, reason: ExitReason): void {
    this.disarm();
    if (ms <= 0) return;
    this.watchdog = this.timers.setTimer(ms, () => {
      this.watchdog = null;
      if (this.child) this.kill(reason);
    });
  }

  /**
   * Without `stdin`: stdout silent for `ms` → 'stalled'. Armed at the first output and, when due, re-armed for
   * what is left since the last output: one timer per `ms`, not a clear and a new timer for every chunk.
   */
  private armStall(ms: number): void {
    this.disarm();
    const check = (): void => {
      const silent = this.timers.now() - this.lastOutputAt;
      if (silent < ms && this.child) {
        this.watchdog = this.timers.setTimer(ms - silent, check);
        return;
      }
      this.watchdog = null;
      this.watchingStall = false;
      if (this.child) this.kill('stalled');
    };
    this.watchdog = this.timers.setTimer(ms, check);
    this.watchingStall = true;
  }

  /** With `stdin`, armed by a write: stdout silent for stallTimeoutMs since an unanswered write → 'stalled'. */
  private armFed(): void {
    const ms = this.options.stallTimeoutMs ?? 10_000;
    if (ms <= 0 || !this.child) return;
    this.watchdog = this.timers.setTimer(ms, () => {
      this.watchdog = null;
      if (!this.child || this.lastWriteAt < this.lastOutputAt) return; // answered: the next write re-arms
      if (this.timers.now() - this.lastOutputAt >= ms) this.kill('stalled');
      else this.armFed();
    });
  }

  private disarm(): void {
    this.watchdog?.();
    this.watchdog = null;
    this.watchingStall = false;
  }

  private kill(reason: ExitReason): void {
    const child = this.child;
    if (!child || this.killReason) return;
    this.killReason = reason;
    this.disarm();
    if (child.stdin && !child.stdin.destroyed) child.stdin.end();
    child.kill('SIGTERM');
    this.killTimer = this.timers.setTimer(this.options.killTimeoutMs ?? 3_000, () => {
      this.killTimer = null;
      if (this.child === child) child.kill('SIGKILL');
    });
  }

  private clearRetry(): void {
    this.retryTimer?.();
    this.retryTimer = null;
  }
}
