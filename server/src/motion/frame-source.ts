import { spawn as nodeSpawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { silentLogger, type InitSegment, type MediaItem, type MediaLogger } from '../media/index.js';
import { realClock, type Clock } from './clock.js';
import { analysisSize, buildFrameArgs, keyframesOnlyFor, type DecodeMode, type FrameSize } from './frame-args.js';

/**
 * Turns the stream hub's fMP4 (init segment, then fragments) into small grey frames with one ffmpeg per
 * camera that reads the bytes on stdin: no second camera connection. The decoder is (re)started for every
 * new init segment (the picture format changed) and, with capped exponential backoff, when it exits on its
 * own or stops producing frames although it is fed. After a (re)start it is fed from the next keyframe.
 */

export interface FrameFormat extends FrameSize {
  /** Picture size of the stream, when the init segment tells it. */
  source: Partial<FrameSize>;
  keyframesOnly: boolean;
  /** Analysed frames per second; null when decoding keyframes only (one per GOP). */
  fps: number | null;
}

/** One analysis frame. `data` is reused for the next frame: use it inside the listener, copy to keep it. */
export interface GrayFrame extends FrameSize {
  data: Uint8Array;
}

export interface DecoderExit {
  reason: 'exited' | 'stalled' | 'spawn-failed' | 'stopped' | 'restarted';
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Last lines of ffmpeg's stderr, redacted. */
  stderr: string;
  willRetry: boolean;
}

export interface FrameSourceEvents {
  /** A decoder (re)started with this format; the next frame must not be compared with older ones. */
  format: [FrameFormat];
  frame: [GrayFrame];
  exit: [DecoderExit];
}

export type SpawnFn = (command: string, args: readonly string[], options: SpawnOptions) => ChildProcess;

export interface FrameSourceOptions {
  ffmpegPath: string;
  /** From probeFfmpegVersion (null = unknown). */
  ffmpegMajor?: number | null;
  /** Analysed frames per second when decoding every frame. Default 2 (camera.ui's rate). */
  fps?: number;
  /** Analysis frame width, default 320 (height by aspect ratio). */
  width?: number;
  /** Default 'auto': every frame up to 720p, keyframes only above. */
  decode?: DecodeMode;
  fullDecodeMaxPixels?: number;
  /** Restart delays: from initialMs (default 1 s) doubling to maxMs (default 30 s); reset after 30 s of frames. */
  backoff?: { initialMs?: number; maxMs?: number };
  /** Restart a decoder that was fed but produced no frame for this long. Default 30 s; 0 disables. */
  stallTimeoutMs?: number;
  /** SIGKILL this long after asking a decoder to end. Default 2 s. */
  killTimeoutMs?: number;
  /** Bytes of stderr kept. Default 2048. */
  stderrLimit?: number;
  /** Applied to stderr before it leaves this class. */
  redact?: (text: string) => string;
  logger?: MediaLogger;
  /** For log lines, e.g. the camera name. */
  label?: string;
  spawn?: SpawnFn;
  clock?: Clock;
}

export interface FrameSourceStats {
  /** Decoder processes started. */
  starts: number;
  frames: number;
  /** Fragments not fed: no decoder running, or waiting for a keyframe after a (re)start. */
  skippedFragments: number;
  bytesIn: number;
}

const HEALTHY_RUN_MS = 30_000;
const live = new Set<ChildProcess>();
let exitHook = false;

/** SIGKILL the decoders when Node exits; if Node is killed, ffmpeg ends on its closed stdin anyway. */
function track(child: ChildProcess): () => void {
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => {
      for (const c of live) c.kill('SIGKILL');
    });
  }
  live.add(child);
  return () => live.delete(child);
}

export class FrameSource extends EventEmitter<FrameSourceEvents> {
  private readonly clock: Clock;
  private readonly logger: MediaLogger;
  private child: ChildProcess | null = null;
  private childExited: Promise<void> = Promise.resolve();
  private init: InitSegment | null = null;
  private currentFormat: FrameFormat | null = null;
  private frame: Uint8Array = new Uint8Array(0);
  private filled = 0;
  private needKeyframe = true;
  private stopped = false;
  private killReason: DecoderExit['reason'] | null = null;
  private retryTimer: unknown = null;
  private stallTimer: unknown = null;
  private killTimer: unknown = null;
  private delayMs: number;
  private startedAt = 0;
  private lastFrameAt = 0;
  private lastWriteAt = 0;
  private readonly counters: FrameSourceStats = { starts: 0, frames: 0, skippedFragments: 0, bytesIn: 0 };

  constructor(private readonly options: FrameSourceOptions) {
    super();
    this.clock = options.clock ?? realClock;
    this.logger = options.logger ?? silentLogger;
    this.delayMs = options.backoff?.initialMs ?? 1_000;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get format(): FrameFormat | null {
    return this.currentFormat;
  }

  get stats(): FrameSourceStats {
    return { ...this.counters };
  }

  /**
   * Feeds one item of a hub consumer. Resolves when ffmpeg took it (or it was skipped): awaiting it before
   * reading the next item lets the consumer's bounded queue absorb a slow decoder.
   */
  async push(item: MediaItem): Promise<void> {
    if (this.stopped) return;
    if (item.type === 'init') {
      if (this.init?.data.equals(item.data) && (this.child || this.retryTimer !== null)) return; // same format: keep going
      this.init = item;
      this.delayMs = this.options.backoff?.initialMs ?? 1_000;
      this.clearRetry();
      if (this.child) await this.killChild('restarted');
      if (!this.stopped) this.spawnDecoder();
      return;
    }
    const child = this.child;
    if (!child?.stdin || child.stdin.destroyed || (this.needKeyframe && !item.keyframe)) {
      this.counters.skippedFragments += 1;
      return;
    }
    this.needKeyframe = false;
    this.counters.bytesIn += item.data.length;
    this.lastWriteAt = this.clock.now();
    this.armStall();
    if (!child.stdin.write(item.data)) await drainedOrClosed(child);
  }

  /**
   * Ends the current decoder and forgets the init segment: the next init starts a fresh decoder. For a new
   * consumer, whose timeline may start over (a decoder must never see timestamps go back).
   */
  async reset(): Promise<void> {
    this.init = null;
    this.clearRetry();
    this.clearStall();
    if (this.child) await this.killChild('restarted');
  }

  /** Ends the decoder and any pending restart; resolves once it has exited. Idempotent. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clearRetry();
    this.clearStall();
    if (this.child) await this.killChild('stopped');
  }

  private spawnDecoder(): void {
    const init = this.init;
    if (!init || this.stopped) return;
    const o = this.options;
    const source = { width: init.info.video?.width, height: init.info.video?.height };
    const keyframesOnly = keyframesOnlyFor(o.decode ?? 'auto', source, o.fullDecodeMaxPixels);
    const size = analysisSize(source, o.width);
    const fps = o.fps ?? 2;
    const args = buildFrameArgs({ fps, size, keyframesOnly, threads: 1, ffmpegMajor: o.ffmpegMajor ?? null });
    const redact = o.redact ?? ((text: string) => text);
    const limit = o.stderrLimit ?? 2_048;

    this.counters.starts += 1;
    this.killReason = null;
    this.needKeyframe = true;
    this.filled = 0;
    if (this.frame.length !== size.width * size.height) this.frame = new Uint8Array(size.width * size.height);
    this.startedAt = this.clock.now();
    this.lastFrameAt = this.startedAt;
    this.lastWriteAt = 0;

    const child = (o.spawn ?? nodeSpawn)(o.ffmpegPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child = child;
    const untrack = track(child);
    let resolveExited!: () => void;
    this.childExited = new Promise((resolve) => (resolveExited = resolve));
    let stderr = '';
    let truncated = false;
    let spawnError: Error | null = null;

    child.stdin?.on('error', () => undefined); // EPIPE when ffmpeg exits: the exit handler deals with it
    child.stdout?.on('data', (chunk: Buffer) => {
      if (this.child === child) this.onOutput(chunk);
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      stderr += text;
      if (stderr.length > limit) {
        stderr = stderr.slice(-limit);
        truncated = true;
      }
    });
    child.on('error', (error) => {
      spawnError = error;
    });
    child.once('close', (code: number | null, signal: NodeJS.Signals | null) => {
      untrack();
      if (this.killTimer !== null) this.clock.clearTimeout(this.killTimer);
      this.killTimer = null;
      if (this.child === child) this.child = null;
      this.clearStall();
      const reason = spawnError && child.pid === undefined ? 'spawn-failed' : (this.killReason ?? 'exited');
      this.killReason = null;
      const planned = reason === 'stopped' || reason === 'restarted';
      const willRetry = !planned && !this.stopped;
      // A cut-off first line could hold half a secret that redaction no longer recognises: drop it.
      const kept = truncated ? stderr.slice(stderr.indexOf('\n') + 1) : stderr;
      const tail = redact(`${spawnError ? `${spawnError.message}\n` : ''}${kept}`).trim();
      const exit: DecoderExit = { reason, code, signal, stderr: tail, willRetry };
      if (!planned) this.logger.warn({ camera: o.label, reason, code, signal, stderr: tail }, 'motion decoder ended');
      this.emit('exit', exit);
      resolveExited();
      if (willRetry) this.scheduleRetry();
    });

    this.logger.debug({ camera: o.label, args: args.map(redact) }, 'motion decoder started');
    child.stdin?.write(init.data);
    this.lastWriteAt = this.clock.now();
    this.armStall(); // also catches an init segment ffmpeg never gets past
    this.currentFormat = { ...size, source, keyframesOnly, fps: keyframesOnly ? null : fps };
    this.emit('format', { ...this.currentFormat });
  }

  private onOutput(chunk: Buffer): void {
    const frame = this.frame;
    let offset = 0;
    while (offset < chunk.length) {
      const n = Math.min(frame.length - this.filled, chunk.length - offset);
      frame.set(chunk.subarray(offset, offset + n), this.filled);
      this.filled += n;
      offset += n;
      if (this.filled === frame.length) {
        this.filled = 0;
        this.counters.frames += 1;
        this.lastFrameAt = this.clock.now();
        this.clearStall();
        const format = this.currentFormat!;
        this.emit('frame', { data: frame, width: format.width, height: format.height });
      }
    }
  }

  private scheduleRetry(): void {
    const ranHealthy = this.lastFrameAt - this.startedAt >= HEALTHY_RUN_MS;
    if (ranHealthy) this.delayMs = this.options.backoff?.initialMs ?? 1_000;
    const delay = this.delayMs;
    this.delayMs = Math.min(this.options.backoff?.maxMs ?? 30_000, delay * 2);
    this.retryTimer = this.clock.setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped && !this.child) this.spawnDecoder();
    }, delay);
  }

  /** Armed while fed: no frame for stallTimeoutMs after a write → restart. */
  private armStall(): void {
    const ms = this.options.stallTimeoutMs ?? 30_000;
    if (ms <= 0 || this.stallTimer !== null) return;
    this.stallTimer = this.clock.setTimeout(() => {
      this.stallTimer = null;
      if (!this.child) return;
      if (this.lastWriteAt >= this.lastFrameAt && this.clock.now() - this.lastFrameAt >= ms) void this.killChild('stalled');
      else if (this.lastWriteAt >= this.lastFrameAt) this.armStall();
    }, ms);
  }

  private clearStall(): void {
    if (this.stallTimer !== null) this.clock.clearTimeout(this.stallTimer);
    this.stallTimer = null;
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /** Closes stdin (ffmpeg ends by itself), SIGKILL after killTimeoutMs; resolves once it exited. */
  private async killChild(reason: DecoderExit['reason']): Promise<void> {
    const child = this.child;
    if (!child) return;
    const exited = this.childExited;
    if (!this.killReason) {
      this.killReason = reason;
      child.stdin?.end();
      child.kill('SIGTERM');
      this.killTimer = this.clock.setTimeout(() => {
        this.killTimer = null;
        if (this.child === child) child.kill('SIGKILL');
      }, this.options.killTimeoutMs ?? 2_000);
    }
    await exited;
  }
}

function drainedOrClosed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      child.stdin?.off('drain', done);
      child.off('close', done);
      resolve();
    };
    child.stdin?.once('drain', done);
    child.once('close', done);
  });
}
