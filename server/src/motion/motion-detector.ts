import { EventEmitter } from 'node:events';
import { silentLogger, type AttachOptions, type Consumer, type MediaLogger, type QueueLimits, type StreamName } from '../media/index.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { DEFAULT_SCENE_CHANGE } from './frame-diff.js';
import { FrameSource, type FrameSourceOptions } from './frame-source.js';
import { MotionAnalyzer, type MotionAnalyzerOptions } from './motion-analyzer.js';
import type { MotionDetectorEvents } from './motion-events.js';
import type { MotionPhase, MotionTransition } from './motion-state.js';
import { motionSettingsOf, type MotionSettings, type VideoAnalysis } from './settings.js';

/** Frames further apart re-baseline when only keyframes are decoded (GOPs of up to ~10 s are common). */
const KEYFRAME_MAX_GAP_MS = 30_000;

/**
 * Where a detector attaches: in the server, the door of the camera stream service (its `attachNow`, which refuses
 * a disabled camera or one in privacy mode); a StreamHub in the media tests.
 */
export interface MotionHub {
  attach(camera: string, stream: StreamName, options: AttachOptions): Consumer;
}

/** How frames are made; see frame-source.ts. */
export type FrameOptions = Pick<FrameSourceOptions, 'fps' | 'width' | 'decode' | 'fullDecodeMaxPixels' | 'backoff' | 'stallTimeoutMs' | 'spawn' | 'color'>;

export interface MotionDetectorOptions {
  hub: MotionHub;
  camera: string;
  /** 'sub' when the camera has its own sub stream, else 'main' (see analysisStream). */
  stream: StreamName;
  videoanalysis: VideoAnalysis;
  /** camera.motionTimeout, seconds. */
  motionTimeout: number;
  ffmpegPath: string;
  ffmpegMajor?: number | null;
  frames?: FrameOptions;
  analyzer?: MotionAnalyzerOptions;
  /** Hub consumer queue bounds (default the hub's 10 s, 8 MiB); maxSeconds above the keyframe interval: the GOP handed over on attach must fit. */
  queue?: QueueLimits;
  /** Delay before attaching again when the hub refused or closed the consumer: initialMs (1 s) doubling to maxMs (30 s). */
  reattach?: { initialMs?: number; maxMs?: number };
  /** Credential masking for log lines (e.g. `redactorFor(source)` of the media module). */
  redact?: (text: string) => string;
  logger?: MediaLogger;
  clock?: Clock;
}

export interface MotionDetectorStatus {
  camera: string;
  stream: StreamName;
  phase: MotionPhase;
  /** A hub consumer is attached. */
  attached: boolean;
  decoderPid?: number;
  decoderStarts: number;
  frames: number;
  /** ms since epoch of the last analysed frame. */
  lastFrameAt?: number;
  frameSize?: { width: number; height: number };
  keyframesOnly?: boolean;
  /** Why the last attach failed, or why the decoder last ended (redacted). */
  lastProblem?: string;
}

/**
 * Motion detection for one camera: a 'motion' consumer of the hub stream (the same upstream connection
 * viewers use) → FrameSource (one ffmpeg, grey frames) → MotionAnalyzer (zones, thresholds, events).
 * `updateSettings` changes zones, thresholds and timing in place: no stream or decoder restart. When the
 * hub closes the consumer (camera removed or re-added) or refuses it, the detector attaches again with backoff.
 */
export class MotionDetector extends EventEmitter<MotionDetectorEvents> {
  readonly camera: string;
  readonly stream: StreamName;
  private readonly clock: Clock;
  private readonly logger: MediaLogger;
  private readonly source: FrameSource;
  private readonly analyzer: MotionAnalyzer;
  private consumer: Consumer | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;
  private lastFrameAt: number | undefined;
  private lastProblem: string | undefined;

  constructor(private readonly options: MotionDetectorOptions) {
    super();
    this.camera = options.camera;
    this.stream = options.stream;
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? silentLogger;
    this.analyzer = new MotionAnalyzer(
      motionSettingsOf(options.videoanalysis, options.motionTimeout),
      this.clock,
      (t) => this.onTransition(t),
      options.analyzer,
    );
    this.source = new FrameSource({
      ...options.frames,
      ffmpegPath: options.ffmpegPath,
      ffmpegMajor: options.ffmpegMajor ?? null,
      redact: options.redact,
      logger: this.logger,
      label: options.camera,
      clock: this.clock,
    });
    this.source.on('format', (format) => {
      this.analyzer.rebaseline();
      // one frame per GOP when decoding keyframes only: such gaps are normal, not an outage
      this.analyzer.setSceneOptions({ maxGapMs: format.keyframesOnly ? KEYFRAME_MAX_GAP_MS : (options.analyzer?.scene?.maxGapMs ?? DEFAULT_SCENE_CHANGE.maxGapMs) });
    });
    this.source.on('frame', (frame) => {
      if (this.stopped) return;
      const result = this.analyzer.process(frame.data, frame.width, frame.height);
      this.lastFrameAt = this.clock.now();
      if (this.listenerCount('analysis') > 0) {
        const changed = result.outcome === 'compared' ? this.analyzer.changedMap : null;
        this.safeEmit('analysis', {
          camera: this.camera, at: this.lastFrameAt, outcome: result.outcome, triggered: result.triggered,
          frameChangedShare: result.frameChangedShare, zoneShares: [...result.zoneShares], phase: this.analyzer.phase,
          changed: changed ? { data: changed, width: frame.width, height: frame.height } : null, color: frame.color,
        });
      }
    });
    this.source.on('exit', (exit) => {
      if (exit.reason !== 'stopped' && exit.reason !== 'restarted') this.lastProblem = `decoder ${exit.reason}: ${exit.stderr.split('\n').at(-1) ?? ''}`;
    });
  }

  /** Attaches to the hub and starts analysing. Idempotent. */
  start(): void {
    if (this.running || this.stopped) return;
    this.running = this.run();
  }

  /** New zones, thresholds and timing, applied to the running analysis (and an open event) at once. */
  updateSettings(videoanalysis: VideoAnalysis, motionTimeout: number): void {
    this.applySettings(motionSettingsOf(videoanalysis, motionTimeout));
  }

  applySettings(settings: MotionSettings): void {
    this.analyzer.update(settings);
  }

  /** Ends an open event now (reason 'reset'); the next motion starts a new one. */
  reset(): void {
    this.analyzer.reset();
  }

  /** Detaches, ends the decoder, and ends an open event with reason 'reset'. Idempotent. */
  async stop(): Promise<void> {
    if (!this.stopped) {
      this.stopped = true;
      this.wake?.();
      this.consumer?.close();
      this.analyzer.reset();
      this.analyzer.dispose();
    }
    await this.source.stop();
    await this.running;
  }

  status(): MotionDetectorStatus {
    const format = this.source.format;
    const stats = this.source.stats;
    return {
      camera: this.camera,
      stream: this.stream,
      phase: this.analyzer.phase,
      attached: this.consumer !== null,
      ...(this.source.pid !== undefined ? { decoderPid: this.source.pid } : {}),
      decoderStarts: stats.starts,
      frames: stats.frames,
      ...(this.lastFrameAt !== undefined ? { lastFrameAt: this.lastFrameAt } : {}),
      ...(format ? { frameSize: { width: format.width, height: format.height }, keyframesOnly: format.keyframesOnly } : {}),
      ...(this.lastProblem ? { lastProblem: this.lastProblem } : {}),
    };
  }

  private onTransition(t: MotionTransition): void {
    // At debug: the Console's motion lines are the audit trail's (MotionStarted/MotionEnded, with their source).
    if (t.type === 'started') {
      this.logger.debug({ camera: this.camera }, 'motion started');
      this.safeEmit('motionStarted', { camera: this.camera, at: t.at });
    } else {
      this.logger.debug({ camera: this.camera, reason: t.reason, seconds: Math.round((t.at - t.startedAt) / 1_000) }, 'motion ended');
      this.safeEmit('motionEnded', { camera: this.camera, at: t.at, startedAt: t.startedAt, reason: t.reason });
    }
  }

  /**
   * Events are emitted from ffmpeg's stdout handler and from timers: a throwing listener must not become an
   * uncaught exception (or stop the analysis), so it is logged.
   */
  private safeEmit<K extends keyof MotionDetectorEvents>(event: K, ...args: MotionDetectorEvents[K]): void {
    try {
      (this.emit as (event: K, ...args: MotionDetectorEvents[K]) => boolean)(event, ...args);
    } catch (error) {
      this.logger.error({ camera: this.camera, event, error: String(error) }, 'motion event listener failed');
    }
  }

  private async run(): Promise<void> {
    const initialMs = this.options.reattach?.initialMs ?? 1_000;
    const maxMs = this.options.reattach?.maxMs ?? 30_000;
    let delay = initialMs;
    while (!this.stopped) {
      let consumer: Consumer;
      try {
        consumer = this.options.hub.attach(this.camera, this.stream, {
          kind: 'motion', label: `motion:${this.camera}`, ...(this.options.queue ? { queue: this.options.queue } : {}),
        });
      } catch (error) {
        this.lastProblem = this.redact(`attach failed: ${error instanceof Error ? error.message : String(error)}`);
        this.logger.warn({ camera: this.camera, stream: this.stream, error: this.lastProblem, retryMs: delay }, 'motion detector cannot attach');
        await this.sleep(delay);
        delay = Math.min(maxMs, delay * 2);
        continue;
      }
      this.consumer = consumer;
      // a new consumer may start a new timeline (the camera was re-added to the hub): a fresh decoder
      await this.source.reset();
      let items = 0;
      try {
        for (let item = await consumer.read(); item; item = await consumer.read()) {
          items += 1;
          await this.source.push(item);
        }
      } catch (error) {
        this.lastProblem = this.redact(`consumer failed: ${error instanceof Error ? error.message : String(error)}`);
        this.logger.error({ camera: this.camera, error: this.lastProblem }, 'motion detector read failed');
      } finally {
        consumer.close();
        this.consumer = null;
      }
      if (this.stopped) break;
      // The hub closed the consumer: the camera was removed or its stream dropped. Try again.
      if (items > 0) delay = initialMs;
      this.logger.info({ camera: this.camera, stream: this.stream, retryMs: delay }, 'motion detector detached, attaching again');
      await this.sleep(delay);
      delay = Math.min(maxMs, delay * 2);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const cancel = this.clock.setTimer(ms, () => {
        this.wake = null;
        resolve();
      });
      this.wake = () => {
        cancel();
        this.wake = null;
        resolve();
      };
    });
  }

  private redact(text: string): string {
    return this.options.redact ? this.options.redact(text) : text;
  }
}
