import { systemClock, type Clock } from '../../lib/clock.js';
import { killWithParent, spawnTied } from './children.js';
import { StderrTail } from './stderr-tail.js';

export interface RunOnceOptions {
  /** The ffmpeg binary (the one the server selected). */
  command: string;
  args: readonly string[];
  /** Written to the child's stdin, which is then closed; without it stdin is not opened. */
  stdin?: Uint8Array | undefined;
  /** SIGKILL after this long; the result then says 'timeout'. */
  timeoutMs: number;
  /** More stdout than this is not a result to keep: the child is SIGKILLed, the result says 'too-large'. */
  maxBytes: number;
  /** Characters of stderr kept (the end of it), default 2000. */
  stderrLimit?: number;
  clock?: Pick<Clock, 'setTimer'>;
}

export interface RunOnceResult {
  /** At most maxBytes. */
  stdout: Buffer;
  /** The end of stderr, at most stderrLimit characters (a cut first line is dropped: it may hold half a secret). */
  stderrTail: string;
  /** Exit code; null when it was killed by a signal. */
  code: number | null;
  /** Why we ended it early, or null when it ended by itself. */
  stopped: 'timeout' | 'too-large' | null;
  /** The program could not be started at all (ENOENT, EACCES): there is no other result. */
  startError: Error | null;
}

/**
 * One short ffmpeg run (a snapshot, a still image, a photo re-encode): spawned tied to this process (it dies with
 * it), stdin written and closed, stdout collected up to a cap, the end of stderr kept, SIGKILL at the time-out.
 * Never rejects: every way it can end is in the result, for the caller to turn into its own error.
 */
export function runOnce(options: RunOnceOptions): Promise<RunOnceResult> {
  return new Promise((resolve) => {
    const { stdin } = options;
    const child = spawnTied(options.command, options.args, { stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    const untrack = killWithParent(child);
    const out: Buffer[] = [];
    const stderr = new StderrTail(options.stderrLimit ?? 2_000);
    let bytes = 0;
    let stopped: RunOnceResult['stopped'] = null;
    let startError: Error | null = null;
    const stop = (why: NonNullable<RunOnceResult['stopped']>): void => {
      stopped ??= why;
      child.kill('SIGKILL');
    };
    const cancelTimer = (options.clock ?? systemClock).setTimer(options.timeoutMs, () => stop('timeout'));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (stopped) return;
      bytes += chunk.length;
      if (bytes > options.maxBytes) stop('too-large');
      else out.push(chunk);
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => stderr.push(text));
    child.on('error', (error) => {
      startError ??= error;
    });
    if (stdin && child.stdin) {
      // ffmpeg may stop reading once it has what it needs (or die early): EPIPE on stdin is expected, not an error.
      child.stdin.on('error', () => undefined);
      child.stdin.end(stdin);
    }
    child.once('close', (code) => {
      cancelTimer();
      untrack();
      resolve({ stdout: Buffer.concat(out), stderrTail: stderr.tail(), code, stopped, startError });
    });
  });
}

/** The last non-empty line of an ffmpeg stderr tail: usually the reason it failed. */
export function lastLine(stderrTail: string): string {
  return stderrTail.trim().split('\n').at(-1) ?? '';
}
