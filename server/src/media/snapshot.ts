import { MediaError } from './errors.js';
import { buildSnapshotArgs } from '../lib/ffmpeg-args/output.js';
import { lastLine, runOnce } from './ffmpeg/run-once.js';
import type { Timers } from './ffmpeg/supervised-process.js';

export interface JpegOptions {
  ffmpegPath: string;
  /** Scale to this width (height follows the aspect ratio). */
  width?: number;
  /** mjpeg -q:v, 2 (best) … 31, default 4. */
  quality?: number;
  /** Default 5 s. */
  timeoutMs?: number;
  /** The hub's clock (tests move a FakeClock). */
  clock?: Pick<Timers, 'setTimer'>;
}

const SOI = Buffer.from([0xff, 0xd8]);
const EOI = Buffer.from([0xff, 0xd9]);

export function isJpeg(data: Buffer): boolean {
  return data.length > 4 && data.subarray(0, 2).equals(SOI) && data.subarray(-2).equals(EOI);
}

/** A JPEG of a 4K picture at q 2 is a few MiB: more is not a snapshot. */
const MAX_JPEG_BYTES = 16 * 1024 * 1024;

/**
 * Decodes the keyframe at the start of `fragment` (with its init segment) into one JPEG: a short ffmpeg fed
 * on stdin, no camera connection, so it takes tens of milliseconds instead of waiting for the next keyframe.
 */
export async function encodeJpeg(init: Buffer, fragment: Buffer, options: JpegOptions): Promise<Buffer> {
  const run = await runOnce({
    command: options.ffmpegPath,
    args: buildSnapshotArgs(options),
    stdin: Buffer.concat([init, fragment]),
    timeoutMs: options.timeoutMs ?? 5_000,
    maxBytes: MAX_JPEG_BYTES,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  if (run.startError) throw new MediaError('SNAPSHOT_FAILED', `snapshot encoder could not start: ${run.startError.message}`);
  if (run.stopped === 'timeout') throw new MediaError('SNAPSHOT_FAILED', 'snapshot encoder timed out');
  if (run.stopped === 'too-large') throw new MediaError('SNAPSHOT_FAILED', 'snapshot encoder wrote more than a JPEG');
  if (run.code === 0 && isJpeg(run.stdout)) return run.stdout;
  throw new MediaError('SNAPSHOT_FAILED', `snapshot encoder failed (${run.code}): ${lastLine(run.stderrTail)}`);
}

/** Runs at most `limit` tasks at once; the rest wait in order. */
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      return await task();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}
