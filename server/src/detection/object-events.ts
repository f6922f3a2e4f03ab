import { objectDetectionActive, type Camera } from '@homecam/shared';
import type { Clock } from '../lib/clock.js';
import type { MotionAnalysisEvent, MotionFrameTap } from '../motion/index.js';
import { DETECTION_COLOR_WIDTH, motionFrameOf, startObjectDetection, type RunningObjectDetection, type StartObjectDetectionOptions } from './index.js';
import type { ObjectDetected, ObjectDetectionStats } from './object-detection.js';
import { detectionSettingsOf } from './settings.js';

export interface ObjectEventsLog {
  info(context: object, message: string): void;
  warn(context: object, message: string): void;
  error(context: object, message: string): void;
  debug(context: object, message: string): void;
}

export interface ObjectEventsDeps {
  /** `<data>/models/*.onnx` is a model of the user's own. */
  dataDirectory: string;
  cameras: {
    list(): readonly Camera[];
    find(name: string): Camera | undefined;
    onChange(listener: () => void): () => void;
  };
  /** Where object events go: CameraEventService.objectDetected, the rules every camera event goes through. */
  events: { objectDetected(camera: string, object: ObjectSighting): { accepted: boolean; message?: string } };
  clock: Clock;
  log: ObjectEventsLog;
  /** Worker threads (default: by the machine's cores). */
  poolSize?: number | undefined;
  /** For tests: how detection is started (default startObjectDetection). */
  startDetection?: (options: StartObjectDetectionOptions) => Promise<RunningObjectDetection>;
}

/** What CameraEventService.objectDetected takes (the event path's side; this folder knows no services). */
export interface ObjectSighting {
  label: string;
  score: number;
  box: ObjectDetected['box'];
  frame: ObjectDetected['frame'];
  reason: ObjectDetected['reason'];
  at: number;
  image: Buffer;
}

/** The notifications' gate answer (NotificationService's EventVerdict): this motion makes no notification. */
export interface DropVerdict {
  drop: true;
}

export type ObjectDetectionState = 'off' | 'starting' | 'running' | 'failed';

const DROP: DropVerdict = { drop: true };

/**
 * Object detection as the app runs it (issue 20): the detector starts when a camera wants it (its object detection
 * on, by default wherever motion detection is) and stops when none does; each object it finds goes through
 * CameraEventService like any camera event, so it becomes a notification, a recording, alerts, MQTT and HomeKit
 * through the one event path. While it runs for a camera, that camera's bare motion (the motion detector's, not a
 * trigger's) makes no notification of its own (the gate): the objects found in it do. The recording still starts
 * with the motion, pre-roll included.
 */
export class ObjectEvents implements MotionFrameTap {
  private running: RunningObjectDetection | null = null;
  private state: ObjectDetectionState = 'off';
  private lastError: string | null = null;
  private queue: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;
  private stopped = false;

  constructor(private readonly deps: ObjectEventsDeps) {}

  /** Follows the cameras; the detector loads in the background (seconds), the server does not wait for it. */
  start(): void {
    this.stopped = false;
    this.unsubscribe = this.deps.cameras.onChange(() => void this.follow());
    void this.follow();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.serialise(() => this.close());
  }

  /** Resolves once the cameras' wish is applied (started, stopped or failed): tests wait for the model this way. */
  settled(): Promise<void> {
    return this.serialise(() => Promise.resolve());
  }

  status(): { state: ObjectDetectionState; model: string | null; error: string | null; stats: ObjectDetectionStats | null } {
    return { state: this.state, model: this.running?.model ?? null, error: this.lastError, stats: this.running?.detection.stats() ?? null };
  }

  /**
   * Whether the detector decides for this camera now: its object events replace the bare motion notifications.
   * Also while the model loads (seconds at start): a start-up must not send the motion alerts detection replaces.
   */
  handles(camera: string): boolean {
    if (this.state !== 'starting' && this.state !== 'running') return false;
    const found = this.deps.cameras.find(camera);
    return found !== undefined && objectDetectionActive(found);
  }

  colorFor(camera: Camera): { maxWidth: number } | undefined {
    return objectDetectionActive(camera) ? { maxWidth: DETECTION_COLOR_WIDTH } : undefined;
  }

  onAnalysis(event: MotionAnalysisEvent): void {
    if (!this.running) return;
    const frame = motionFrameOf(event);
    if (frame) this.running.detection.offer(frame);
  }

  /** The notifications' gate (EventGate): the detector's own motion on a camera it watches waits for objects instead. */
  judge(event: { camera: string; source: string }): Promise<DropVerdict> | null {
    if (event.source !== 'motion' || !this.handles(event.camera)) return null;
    this.deps.log.debug({ camera: event.camera }, 'motion without a notification: the object detector decides');
    return Promise.resolve(DROP);
  }

  private serialise(step: () => Promise<void>): Promise<void> {
    const next = this.queue.then(step);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private wanted(): boolean {
    return !this.stopped && this.deps.cameras.list().some((camera) => objectDetectionActive(camera));
  }

  private follow(): Promise<void> {
    // At once, not when the queue gets to it: the gate holds bare motion from the first frame on.
    if (this.wanted() && !this.running) this.state = 'starting';
    return this.serialise(async () => {
      const cameras = this.deps.cameras.list();
      const wanted = this.wanted();
      if (wanted && !this.running) await this.open();
      else if (!wanted && this.running) await this.close();
      // A camera switched off starts afresh when it comes back (its parked cars may have left meanwhile).
      for (const camera of cameras) if (!objectDetectionActive(camera)) this.running?.detection.forget(camera.name);
    });
  }

  private async open(): Promise<void> {
    this.state = 'starting';
    try {
      this.running = await (this.deps.startDetection ?? startObjectDetection)({
        dataDirectory: this.deps.dataDirectory,
        settings: (name) => {
          const camera = this.deps.cameras.find(name);
          return camera ? detectionSettingsOf(camera) : null;
        },
        onObject: (event) => this.onObject(event),
        clock: this.deps.clock,
        log: this.deps.log,
        ...(this.deps.poolSize ? { poolSize: this.deps.poolSize } : {}),
      });
      this.state = 'running';
      this.lastError = null;
    } catch (error) {
      // Not retried in a loop: the next camera change tries again. Meanwhile bare motion notifies as before.
      this.state = 'failed';
      this.lastError = error instanceof Error ? error.message : String(error);
      this.deps.log.error({ error: this.lastError }, 'object detection did not start: motion events notify without it');
    }
  }

  private async close(): Promise<void> {
    const running = this.running;
    this.running = null;
    this.state = this.state === 'failed' ? 'failed' : 'off';
    await running?.close();
  }

  private onObject(event: ObjectDetected): void {
    const { camera, label, score, box, frame, reason, at, snapshot } = event;
    const result = this.deps.events.objectDetected(camera, { label, score, box, frame, reason, at, image: snapshot });
    if (!result.accepted) this.deps.log.debug({ camera, label, why: result.message }, 'object event not passed on');
  }
}
