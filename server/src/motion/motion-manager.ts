import type { Camera } from '@homecam/shared';
import { EventEmitter } from 'node:events';
import { redactorFor, silentLogger, type MediaLogger } from '../media/index.js';
import type { Clock } from '../lib/clock.js';
import type { MotionAnalyzerOptions } from './motion-analyzer.js';
import { MotionDetector, type FrameOptions, type MotionDetectorOptions, type MotionDetectorStatus, type MotionHub } from './motion-detector.js';
import type { MotionAnalysisEvent, MotionDetectorEvents } from './motion-events.js';
import { analysisStream, wantsMotionDetection } from './settings.js';

export interface MotionManagerOptions {
  hub: MotionHub;
  /** The ffmpeg the hub uses (context.ts `createStreams` finds it once for both). */
  ffmpegPath: string;
  ffmpegMajor?: number | null;
  frames?: FrameOptions;
  analyzer?: MotionAnalyzerOptions;
  reattach?: MotionDetectorOptions['reattach'];
  logger?: MediaLogger;
  clock?: Clock;
  /**
   * Cameras whose frames are also wanted in colour, and how wide (object detection, issue 20): their detectors
   * decode colour too and every analysed frame is re-emitted as `analysis`. Changing the answer restarts the decoder.
   */
  colorFor?: (camera: Camera) => { maxWidth: number } | undefined;
  /** For tests: makes the detector of a camera. */
  createDetector?: (options: MotionDetectorOptions) => MotionDetector;
}

/** Who taps the analysed frames: colour for the cameras it wants, every such frame handed over. */
export interface MotionFrameTap {
  colorFor(camera: Camera): { maxWidth: number } | undefined;
  onAnalysis(event: MotionAnalysisEvent): void;
}

/**
 * One MotionDetector per enabled camera with video analysis on. `setCameras` is called with the whole camera
 * list (from config.json) at start and after every change, after the hub got the same list: detectors are
 * created, updated in place (zones, thresholds, timing: no restart) or stopped. A camera whose analysed
 * stream changes (a sub source was added or removed) gets a new detector. Re-emits every detector's
 * `motionStarted` / `motionEnded`; a detector that is stopped during an event ends it with reason 'reset'.
 */
export class MotionManager extends EventEmitter<MotionDetectorEvents> {
  private readonly detectors = new Map<string, MotionDetector>();
  private colorFor: MotionManagerOptions['colorFor'];
  /** The colour width each detector was started with (undefined: none). */
  private readonly colorWidths = new Map<string, number | undefined>();
  private readonly logger: MediaLogger;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: MotionManagerOptions) {
    super();
    this.logger = options.logger ?? silentLogger;
    this.colorFor = options.colorFor;
  }

  /**
   * A consumer of the analysed frames (object detection, issue 20), for a manager built before it: which cameras'
   * decoders also hand over colour, and where their frames go. Before the first setCameras (else the next applies it).
   */
  tap(frames: MotionFrameTap): void {
    this.colorFor = (camera) => frames.colorFor(camera);
    this.on('analysis', (event) => frames.onAnalysis(event));
  }

  /** Applies the camera list; calls are serialised. Invalid settings of one camera (ruled out by the schema) are logged and skipped. */
  setCameras(cameras: readonly Camera[]): Promise<void> {
    const run = this.queue.then(() => this.apply(cameras));
    this.queue = run.catch(() => undefined);
    return run;
  }

  detector(camera: string): MotionDetector | undefined {
    return this.detectors.get(camera);
  }

  cameraNames(): string[] {
    return [...this.detectors.keys()];
  }

  /** Ends the camera's open event (reason 'reset'). False when the camera has no detector. */
  reset(camera: string): boolean {
    const detector = this.detectors.get(camera);
    detector?.reset();
    return detector !== undefined;
  }

  statuses(): MotionDetectorStatus[] {
    return [...this.detectors.values()].map((d) => d.status());
  }

  /** Stops every detector (open events end with reason 'reset'). */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    await Promise.all([...this.detectors.keys()].map((name) => this.remove(name)));
  }

  private async apply(cameras: readonly Camera[]): Promise<void> {
    if (this.closed) return;
    const wanted = new Map(cameras.filter(wantsMotionDetection).map((c) => [c.name, c]));
    await Promise.all([...this.detectors.keys()].filter((name) => !wanted.has(name)).map((name) => this.remove(name)));
    for (const camera of wanted.values()) {
      const existing = this.detectors.get(camera.name);
      const stream = analysisStream(camera);
      const color = this.colorFor?.(camera);
      if (existing && existing.stream === stream && this.colorWidths.get(camera.name) === color?.maxWidth) {
        try {
          existing.updateSettings(camera.videoanalysis, camera.motionTimeout);
        } catch (error) {
          // cameraSchema rules these values out; keep the last good settings rather than stop detecting
          this.logger.error({ camera: camera.name, error: String(error) }, 'invalid motion settings ignored');
        }
        continue;
      }
      if (existing) await this.remove(camera.name);
      this.add(camera, stream, color);
    }
  }

  private add(camera: Camera, stream: MotionDetectorOptions['stream'], color: { maxWidth: number } | undefined): void {
    const o = this.options;
    const sources = [camera.videoConfig.source, camera.videoConfig.subSource ?? ''].join(' ');
    const options: MotionDetectorOptions = {
      hub: o.hub,
      camera: camera.name,
      stream,
      videoanalysis: camera.videoanalysis,
      motionTimeout: camera.motionTimeout,
      ffmpegPath: o.ffmpegPath,
      ffmpegMajor: o.ffmpegMajor ?? null,
      redact: redactorFor(sources),
      logger: this.logger,
      ...(o.frames || color ? { frames: { ...o.frames, ...(color ? { color } : {}) } } : {}),
      ...(o.analyzer ? { analyzer: o.analyzer } : {}),
      ...(o.reattach ? { reattach: o.reattach } : {}),
      ...(o.clock ? { clock: o.clock } : {}),
    };
    const detector = (o.createDetector ?? ((opts: MotionDetectorOptions) => new MotionDetector(opts)))(options);
    detector.on('motionStarted', (event) => this.emit('motionStarted', event));
    detector.on('motionEnded', (event) => this.emit('motionEnded', event));
    if (color) detector.on('analysis', (event) => this.emit('analysis', event));
    this.detectors.set(camera.name, detector);
    this.colorWidths.set(camera.name, color?.maxWidth);
    detector.start();
    this.logger.info({ camera: camera.name, stream }, 'motion detection on');
  }

  private async remove(name: string): Promise<void> {
    const detector = this.detectors.get(name);
    if (!detector) return;
    this.detectors.delete(name);
    this.colorWidths.delete(name);
    await detector.stop(); // emits motionEnded 'reset' through our listener if an event was open
    detector.removeAllListeners();
    this.logger.info({ camera: name }, 'motion detection off');
  }
}
