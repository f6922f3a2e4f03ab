import { EventEmitter } from 'node:events';
import { silentLogger, SupervisedProcess, type InitSegment, type MediaItem, type MediaLogger, type ProcessExit, type SpawnFn } from '../media/index.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { PackedFrameReader, packedLayout, type ColorFrame } from './color-frame.js';
import { analysisSize, buildFrameArgs, keyframesOnlyFor, type DecodeMode, type FrameSize } from './frame-args.js';

export type { SpawnFn };

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
  /** Size of the colour picture each frame carries (option `color`), else absent. */
  color?: FrameSize;
}

/** One analysis frame. `data` is reused for the next frame: use it inside the listener, copy to keep it. */
export interface GrayFrame extends FrameSize {
  data: Uint8Array;
  /** With the option `color`: the same moment in colour (reused like `data`). */
  color?: ColorFrame;
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
  /** Also hand over each frame in colour, at most this wide (object detection; same decoder, see color-frame.ts). */
  color?: { maxWidth: number };
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

export class FrameSource extends EventEmitter<FrameSourceEvents> {
  private readonly logger: MediaLogger;
  private readonly process: SupervisedProcess;
  private init: InitSegment | null = null;
  /** The format the next decoder is started with (set when its arguments are built). */
  private nextFormat: FrameFormat | null = null;
  private currentFormat: FrameFormat | null = null;
  private frame: Uint8Array = new Uint8Array(0);
  private packed: PackedFrameReader | null = null;
  private filled = 0;
  private needKeyframe = true;
  private stopped = false;
  /** What a stop() of the supervisor means to listeners: the end ('stopped') or a new init ('restarted'). */
  private stopReason: 'stopped' | 'restarted' = 'stopped';
  private readonly counters: FrameSourceStats = { starts: 0, frames: 0, skippedFragments: 0, bytesIn: 0 };

  constructor(private readonly options: FrameSourceOptions) {
    super();
    this.logger = options.logger ?? silentLogger;
    const redact = options.redact ?? ((text: string) => text);
    this.process = new SupervisedProcess({
      command: options.ffmpegPath,
      args: () => this.decoderArgs(),
      stdin: true,
      firstOutputTimeoutMs: 0, // a decoder that is not fed is quiet: only the fed-stall watchdog applies
      stallTimeoutMs: options.stallTimeoutMs ?? 30_000,
      killTimeoutMs: options.killTimeoutMs ?? 2_000,
      backoff: { initialMs: options.backoff?.initialMs ?? 1_000, maxMs: options.backoff?.maxMs ?? 30_000, factor: 2, healthyAfterMs: HEALTHY_RUN_MS },
      stderrLimit: options.stderrLimit ?? 2_048,
      redact,
      ...(options.spawn ? { spawn: options.spawn } : {}),
      timers: options.clock ?? systemClock,
    });
    this.process.on('started', () => this.onStarted());
    this.process.on('data', (chunk) => this.onOutput(chunk));
    this.process.on('exit', (exit) => this.onExit(exit));
  }

  get pid(): number | undefined {
    return this.process.pid;
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
      if (this.init?.data.equals(item.data) && this.process.active) return; // same format: keep going
      this.init = item;
      await this.stopDecoder('restarted');
      if (!this.stopped) this.process.start(); // fresh backoff
      return;
    }
    if ((this.needKeyframe && !item.keyframe) || !this.process.write(item.data)) {
      this.counters.skippedFragments += 1;
      return;
    }
    this.needKeyframe = false;
    this.counters.bytesIn += item.data.length;
    await this.process.drained();
  }

  /**
   * Ends the current decoder and forgets the init segment: the next init starts a fresh decoder. For a new
   * consumer, whose timeline may start over (a decoder must never see timestamps go back).
   */
  async reset(): Promise<void> {
    this.init = null;
    await this.stopDecoder('restarted');
  }

  /** Ends the decoder and any pending restart; resolves once it has exited. Idempotent. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.stopDecoder('stopped');
  }

  private async stopDecoder(reason: 'stopped' | 'restarted'): Promise<void> {
    this.stopReason = reason;
    await this.process.stop();
  }

  /** The arguments for the next decoder, from the current init segment. */
  private decoderArgs(): readonly string[] {
    const o = this.options;
    const info = this.init?.info.video;
    const source = { width: info?.width, height: info?.height };
    const keyframesOnly = keyframesOnlyFor(o.decode ?? 'auto', source, o.fullDecodeMaxPixels);
    const size = analysisSize(source, o.width);
    const fps = o.fps ?? 2;
    const color = o.color ? analysisSize(source, Math.max(size.width, o.color.maxWidth)) : undefined;
    const args = buildFrameArgs({ fps, size, keyframesOnly, threads: 1, ffmpegMajor: o.ffmpegMajor ?? null, color });
    this.nextFormat = { ...size, source, keyframesOnly, fps: keyframesOnly ? null : fps, ...(color ? { color } : {}) };
    this.logger.debug({ camera: o.label, args: args.map(o.redact ?? ((text: string) => text)) }, 'motion decoder started');
    return args;
  }

  /** A decoder was started: it gets the init segment first, then fragments from the next keyframe. */
  private onStarted(): void {
    const init = this.init;
    const format = this.nextFormat;
    if (!init || !format) return;
    this.counters.starts += 1;
    this.needKeyframe = true;
    this.filled = 0;
    this.packed = format.color ? new PackedFrameReader(packedLayout(format.color, format)) : null;
    const bytes = this.packed?.layout.bytes ?? format.width * format.height;
    if (this.frame.length !== bytes) this.frame = new Uint8Array(bytes);
    this.process.write(init.data); // also arms the stall watchdog: catches an init segment ffmpeg never gets past
    this.currentFormat = format;
    this.emit('format', { ...format });
  }

  private onExit(exit: ProcessExit): void {
    const reason: DecoderExit['reason'] =
      exit.reason === 'stopped' ? this.stopReason : exit.reason === 'first-output-timeout' ? 'stalled' : exit.reason;
    const planned = reason === 'stopped' || reason === 'restarted';
    const stderr = [exit.error, exit.stderr].filter(Boolean).join('\n').trim();
    const { code, signal } = exit;
    if (!planned) this.logger.warn({ camera: this.options.label, reason, code, signal, stderr }, 'motion decoder ended');
    this.emit('exit', { reason, code, signal, stderr, willRetry: exit.willRetry && !planned });
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
        const format = this.currentFormat!;
        const packed = this.packed;
        if (!packed) this.emit('frame', { data: frame, width: format.width, height: format.height });
        else this.emit('frame', { data: packed.motion(frame), width: format.width, height: format.height, color: packed.color(frame) });
      }
    }
  }
}
