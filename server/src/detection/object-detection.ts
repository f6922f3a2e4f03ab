import type { Clock } from '../lib/clock.js';
import type { DetectorPool, PoolStats } from './detector-pool.js';
import { cropRegion, scaleBox, type Box, type RegionOptions, type Size } from './geometry.js';
import { cutByCrop, motionBox } from './motion-region.js';
import type { Picture } from './pixels.js';
import { counts, type DetectionSettings } from './settings.js';
import { ObjectTracker, type TrackerOptions } from './tracker.js';
import type { Detection } from './worker-protocol.js';

/** A new object of a wanted label in its zone (or a parked one that moved on): what an object event is made of. */
export interface ObjectDetected {
  camera: string;
  label: string;
  /** 0–100, like a Rekognition confidence. */
  score: number;
  /** In pixels of `frame`. */
  box: Box;
  frame: Size;
  reason: 'new' | 'moved';
  /** Stable per followed object of the camera (for updates and de-duplication downstream). */
  trackId: number;
  /** ms since epoch of the frame. */
  at: number;
  /** The frame as a JPEG with every box of this frame's events outlined. */
  snapshot: Buffer;
}

/** One analysed frame of a camera's motion decoder, as the motion detector hands it over. */
export interface MotionFrame {
  camera: string;
  at: number;
  /** The colour picture (its buffers may be reused after this call: it is copied when taken). */
  picture: Picture;
  /** The motion analysis' changed-pixel map (1 byte a pixel) and its size; absent = look at the whole picture. */
  changed?: { data: Uint8Array; width: number; height: number } | undefined;
}

export interface ObjectDetectionOptions {
  pool: DetectorPool;
  /** The camera's current settings (null: unknown camera); read for every frame, so changes apply at once. */
  settings: (camera: string) => DetectionSettings | null;
  onObject: (event: ObjectDetected) => void;
  clock: Clock;
  log: { warn(context: object, message: string): void; debug?(context: object, message: string): void };
  /** At most one frame per camera this often. Default 1000 ms. */
  intervalMs?: number;
  region?: RegionOptions;
  tracker?: TrackerOptions;
}

export interface ObjectDetectionStats {
  offered: number;
  taken: number;
  /** Frames taken per camera. */
  takenBy: Record<string, number>;
  events: number;
  failed: number;
  pool: PoolStats;
}

/**
 * Object detection for the cameras: takes the motion decoder's frames (at most one a second per camera), looks
 * at the part that moved (a square crop with margin, as Frigate does) in a pool worker, keeps what the camera wants
 * (label, score, size, zone), follows objects across frames and calls `onObject` for each new one.
 */
export class ObjectDetection {
  private readonly lastTaken = new Map<string, number>();
  private readonly trackers = new Map<string, ObjectTracker>();
  private readonly counters = { offered: 0, taken: 0, events: 0, failed: 0 };
  private readonly takenBy = new Map<string, number>();
  /** Per camera, the copy a worker handed back: the next frame is copied into it (no allocation per frame). */
  private readonly spare = new Map<string, Picture>();
  private closed = false;

  constructor(private readonly options: ObjectDetectionOptions) {}

  /**
   * Offers a frame. Returns whether it was taken (the camera detects objects and its last frame is older than the
   * interval); a taken frame is copied, the caller may reuse its buffers at once.
   */
  offer(frame: MotionFrame): boolean {
    this.counters.offered += 1;
    const settings = this.options.settings(frame.camera);
    if (this.closed || !settings?.active) return false;
    const now = this.options.clock.now();
    const last = this.lastTaken.get(frame.camera);
    if (last !== undefined && now - last < (this.options.intervalMs ?? 1_000)) return false;
    const size = { width: frame.picture.width, height: frame.picture.height };
    let crop: Box | undefined;
    if (frame.changed) {
      const moved = motionBox(frame.changed.data, frame.changed.width, frame.changed.height);
      if (!moved) return false; // nothing moved in this frame: nothing to look at
      crop = cropRegion(scaleBox(moved, frame.changed, size), size, this.options.region);
    }
    this.lastTaken.set(frame.camera, now);
    this.counters.taken += 1;
    this.takenBy.set(frame.camera, (this.takenBy.get(frame.camera) ?? 0) + 1);
    const picture = copyPicture(frame.picture, this.spare.get(frame.camera));
    this.spare.delete(frame.camera);
    void this.detect(frame.camera, frame.at, picture, crop);
    return true;
  }

  /** Forgets a camera's followed objects (camera removed, or its picture changed). */
  forget(camera: string): void {
    this.trackers.delete(camera);
    this.lastTaken.delete(camera);
    this.spare.delete(camera);
  }

  stats(): ObjectDetectionStats {
    return { ...this.counters, takenBy: Object.fromEntries(this.takenBy), pool: this.options.pool.stats() };
  }

  close(): void {
    this.closed = true;
  }

  /**
   * The copy goes to the worker and comes back (transferred both ways, never cloned), then to the snapshot's worker
   * and back when there is an event; the main thread's only work on the pixels is the one copy in `offer`.
   */
  private async detect(camera: string, at: number, copy: Picture, crop: Box | undefined): Promise<void> {
    try {
      const result = await this.options.pool.detect(camera, copy, crop, { transfer: true });
      // Replaced by a newer frame or too old: never handed over, still ours to reuse.
      if (!result) return this.keep(camera, copy);
      const picture = (result.picture ?? copy) as Picture;
      const settings = this.options.settings(camera);
      if (this.closed || !settings?.active) return;
      const frame = { width: result.width, height: result.height };
      const kept = result.detections.filter((d) => !(crop && cutByCrop(d.box, crop, frame)) && counts(settings, d.label, d.box, frame));
      this.keep(camera, await this.follow(camera, at, picture, frame, kept, settings));
    } catch (error) {
      if (this.closed) return; // the pool was closed under the frame: shutting down, not a failure
      this.counters.failed += 1;
      this.options.log.warn({ camera, error: error instanceof Error ? error.message : String(error) }, 'object detection failed');
    }
  }

  private keep(camera: string, picture: Picture | undefined): void {
    if (picture && !this.closed) this.spare.set(camera, picture);
  }

  /** Tracks what was kept and reports new objects; resolves with the picture once the snapshot handed it back. */
  private async follow(camera: string, at: number, picture: Picture, frame: Size, kept: Detection[], settings: DetectionSettings): Promise<Picture | undefined> {
    let tracker = this.trackers.get(camera);
    if (!tracker) this.trackers.set(camera, (tracker = new ObjectTracker(this.options.tracker)));
    const events = tracker.update(kept, at, settings.minScore);
    if (events.length === 0) return picture;
    const { jpeg: snapshot, picture: back } = await this.options.pool.snapshot(picture, events.map((e) => e.box), { transfer: true });
    for (const e of events) {
      this.counters.events += 1;
      const event: ObjectDetected = {
        camera, label: e.label, score: Math.round(e.score * 1000) / 10, box: e.box, frame, reason: e.reason, trackId: e.trackId, at, snapshot,
      };
      try {
        this.options.onObject(event);
      } catch (error) {
        this.options.log.warn({ camera, error: String(error) }, 'object event listener failed');
      }
    }
    return back as Picture | undefined;
  }
}

/** The picture copied into `into` when that has its format and size (a handed-back copy), else into new buffers. */
export function copyPicture(picture: Picture, into?: Picture): Picture {
  if (picture.format === 'yuv420p') {
    if (into?.format === 'yuv420p' && into.y.length === picture.y.length && into.u.length === picture.u.length && into.v.length === picture.v.length) {
      into.y.set(picture.y);
      into.u.set(picture.u);
      into.v.set(picture.v);
      return { ...picture, y: into.y, u: into.u, v: into.v };
    }
    return { ...picture, y: picture.y.slice(), u: picture.u.slice(), v: picture.v.slice() };
  }
  if (into && into.format !== 'yuv420p' && into.data.length === picture.data.length) {
    into.data.set(picture.data);
    return { ...picture, data: into.data };
  }
  return { ...picture, data: picture.data.slice() };
}
