import { MediaError } from './errors.js';
import { buildSnapshotArgs } from '../lib/ffmpeg-args/output.js';
import { killWithParent, spawnTied } from './ffmpeg/children.js';

export interface JpegOptions {
  ffmpegPath: string;
  /** Scale to this width (height follows the aspect ratio). */
  width?: number;
  /** mjpeg -q:v, 2 (best) … 31, default 4. */
  quality?: number;
  /** Default 5 s. */
  timeoutMs?: number;
}

const SOI = Buffer.from([0xff, 0xd8]);
const EOI = Buffer.from([0xff, 0xd9]);

export function isJpeg(data: Buffer): boolean {
  return data.length > 4 && data.subarray(0, 2).equals(SOI) && data.subarray(-2).equals(EOI);
}

/**
 * Decodes the keyframe at the start of `fragment` (with its init segment) into one JPEG: a short ffmpeg fed
 * on stdin, no camera connection, so it takes tens of milliseconds instead of waiting for the next keyframe.
 */
export function encodeJpeg(init: Buffer, fragment: Buffer, options: JpegOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawnTied(options.ffmpegPath, buildSnapshotArgs(options), { stdio: ['pipe', 'pipe', 'pipe'] });
    const untrack = killWithParent(child);
    const out: Buffer[] = [];
    let stderr = '';
    let failure: Error | null = null;
    const timer = setTimeout(() => {
      failure = new MediaError('SNAPSHOT_FAILED', 'snapshot encoder timed out');
      child.kill('SIGKILL');
    }, options.timeoutMs ?? 5_000);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      stderr = (stderr + text).slice(-2_000);
    });
    child.on('error', (error) => {
      failure ??= new MediaError('SNAPSHOT_FAILED', `snapshot encoder could not start: ${error.message}`);
    });
    // ffmpeg may stop reading once it has its frame: EPIPE on stdin is expected, not an error.
    child.stdin.on('error', () => undefined);
    child.stdin.end(Buffer.concat([init, fragment]));
    child.once('close', (code) => {
      clearTimeout(timer);
      untrack();
      const jpeg = Buffer.concat(out);
      if (!failure && code === 0 && isJpeg(jpeg)) return resolve(jpeg);
      reject(failure ?? new MediaError('SNAPSHOT_FAILED', `snapshot encoder failed (${code}): ${stderr.trim().split('\n').at(-1) ?? ''}`));
    });
  });
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
