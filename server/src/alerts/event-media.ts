import type { Camera, Notification, Recording } from '@homecam/shared';
import type { EventBus } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import type { Alert } from './channel.js';

export type ClipFile = NonNullable<Awaited<ReturnType<Alert['clip']>>>;

export interface EventMediaDeps {
  bus: EventBus;
  clock: Clock;
  /** A JPEG of the recording's thumbnail (`/files/recordings/…`), or null. */
  thumbnail(url: string): Promise<Buffer | null>;
  /** A fresh snapshot of the camera (buffered keyframe, still image or a pull), or null. */
  liveSnapshot(camera: string): Promise<Buffer | null>;
  /** The file of a finished recording, or null (a picture, a missing file). */
  clipFile(recording: Recording): Promise<ClipFile | null>;
  /** How long clip() waits for the recording to finish: the clip cap plus a margin. */
  clipWaitMs: number;
}

/** A motion frame counts for a notification made this soon after it (the notification follows within ms). */
const MOTION_IMAGE_MAX_AGE_MS = 30_000;
/** Object pictures (boxes drawn) kept for their alerts; an alert asks within seconds. */
const RECENT_OBJECT_IMAGES = 50;
/** Finished recordings remembered for a clip() that asks after the fact. */
const RECENT_RECORDINGS = 100;

/**
 * The pictures and clips of events, for the alerts: an object event's picture with its boxes, the motion frame
 * MotionStarted carried (else the recording's thumbnail, else a fresh snapshot), fetched once per alert and shared
 * by every channel; the clip once its RecordingCompleted arrives, bounded by the clip cap.
 */
export class EventMedia {
  private readonly motionImages = new Map<string, { at: number; image: Buffer }>();
  /** By `camera|at` of the object event: the notification carries the same camera and time. */
  private readonly objectImages = new Map<string, { at: number; image: Buffer }>();
  private readonly finished = new Map<string, Recording>();
  private readonly waiters = new Map<string, Set<(recording: Recording | null) => void>>();
  private readonly unsubscribe: (() => void)[] = [];

  constructor(private readonly deps: EventMediaDeps) {}

  start(): void {
    this.unsubscribe.push(
      this.deps.bus.subscribe('MotionStarted', ({ camera, image }) => {
        if (image) this.motionImages.set(camera, { at: this.deps.clock.now(), image });
      }),
      this.deps.bus.subscribe('ObjectDetected', ({ camera, at, image }) => {
        this.objectImages.set(`${camera}|${at}`, { at: this.deps.clock.now(), image });
        if (this.objectImages.size > RECENT_OBJECT_IMAGES) this.objectImages.delete(this.objectImages.keys().next().value!);
      }),
      this.deps.bus.subscribe('RecordingCompleted', ({ recording }) => this.completed(recording)),
    );
  }

  stop(): void {
    for (const off of this.unsubscribe.splice(0)) off();
    for (const resolvers of this.waiters.values()) for (const resolve of resolvers) resolve(null);
    this.waiters.clear();
  }

  alertFor(notification: Notification, camera: Camera | null): Alert {
    let snapshot: Promise<Buffer | null> | null = null;
    let clip: Promise<ClipFile | null> | null = null;
    return {
      notification,
      camera,
      snapshot: () => (snapshot ??= this.snapshotOf(notification).catch(() => null)),
      clip: () => (clip ??= this.clipOf(notification).catch(() => null)),
    };
  }

  private async snapshotOf(notification: Notification): Promise<Buffer | null> {
    if (!notification.camera) return null;
    const object = this.objectImages.get(`${notification.camera}|${Date.parse(notification.timestamp)}`);
    if (object && this.deps.clock.now() - object.at <= MOTION_IMAGE_MAX_AGE_MS) return object.image;
    const motion = this.motionImages.get(notification.camera);
    if (motion && this.deps.clock.now() - motion.at <= MOTION_IMAGE_MAX_AGE_MS && notification.type === 'motion') return motion.image;
    if (notification.thumbnail) {
      const thumbnail = await this.deps.thumbnail(notification.thumbnail).catch(() => null);
      if (thumbnail) return thumbnail;
    }
    return this.deps.liveSnapshot(notification.camera);
  }

  private async clipOf(notification: Notification): Promise<ClipFile | null> {
    const id = notification.recordingId;
    if (!id) return null;
    const recording = this.finished.get(id) ?? (await this.waitFor(id));
    return recording ? this.deps.clipFile(recording) : null;
  }

  private waitFor(id: string): Promise<Recording | null> {
    return new Promise((resolve) => {
      const resolvers = this.waiters.get(id) ?? new Set();
      this.waiters.set(id, resolvers);
      const done = (recording: Recording | null): void => {
        cancel();
        resolvers.delete(done);
        if (resolvers.size === 0 && this.waiters.get(id) === resolvers) this.waiters.delete(id);
        resolve(recording);
      };
      const cancel = this.deps.clock.setTimer(this.deps.clipWaitMs, () => done(null));
      resolvers.add(done);
    });
  }

  private completed(recording: Recording): void {
    this.finished.set(recording.id, recording);
    if (this.finished.size > RECENT_RECORDINGS) this.finished.delete(this.finished.keys().next().value!);
    for (const resolve of [...(this.waiters.get(recording.id) ?? [])]) resolve(recording);
  }
}
