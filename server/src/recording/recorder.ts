import { cameraRecording, type Camera, type EventSource } from '@homecam/shared';
import type { EventBus } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import type { Consumer } from '../media/index.js';
import { cameraFolder, type RecordingRoot } from '../repositories/recording-files.repository.js';
import type { CameraService } from '../services/camera.service.js';
import type { ConfigService } from '../services/config.service.js';
import type { NotificationService } from '../services/notification.service.js';
import type { CameraStreamDoor } from '../services/camera-stream-door.js';
import type { RecordingRow, RecordingService } from '../services/recording.service.js';
import { clipSettings, dateFolder, DEFAULT_MAX_CLIP_MS, delayToEnd, extendClip, onEndTimer, openClip, type ClipWindow } from './clip-policy.js';
import { ClipThumbnail } from './clip-thumbnail.js';
import { writeClip, type ClipStreams } from './clip-writer.js';

export interface RecorderLogger {
  debug(context: object, message: string): void;
  info(context: object, message: string): void;
  warn(context: object, message: string): void;
  error(context: object, message: string): void;
}

export interface RecorderDeps {
  /** The door to the cameras' streams (the camera stream service): a clip is one of its outputs. */
  streams: ClipStreams & Pick<CameraStreamDoor, 'keyframeJpeg'>;
  cameras: CameraService;
  config: ConfigService;
  /** Every row change (start, interruption, completion) and the files' root go through the service. */
  service: RecordingService;
  /** A failed recording raises an ERROR notification. */
  notifications?: NotificationService | undefined;
  bus: EventBus;
  clock: Clock;
  log: RecorderLogger;
  /** Longest clip, however long motion goes on (default 5 min). */
  maxClipMs?: number | undefined;
  /** fsync at least this often while writing (default 2 s): a crash loses at most about this much. */
  syncEveryMs?: number | undefined;
}

/** A camera event the recorder reacts to. */
interface Trigger {
  camera: string;
  source: EventSource;
  /** The event kind ('motion', 'doorbell') or, for an object event, what was seen ('person'). */
  label: string;
  eventId: string;
  at: number;
  motion: boolean;
  image?: Buffer | undefined;
  /** An object event: its label goes on the recording, its picture (boxes drawn) becomes the thumbnail. */
  object?: boolean;
}

interface Active {
  id: string;
  camera: string;
  /** Where this clip and its thumbnail go: fixed at the start, so a path change mid-clip cannot split them. */
  files: RecordingRoot;
  thumbnail: string;
  startedAt: number;
  window: ClipWindow;
  consumer: Consumer | null;
  stopTimer: (() => void) | null;
  stopped: boolean;
  done: Promise<void>;
  /** The first picture, then the first object's over it. */
  thumb: ClipThumbnail;
  /** A span of continuous footage (issue 19): resolved when the event ends, no file is written. */
  ended?: () => void;
}

/**
 * Records camera events. Video: the prebuffer's seconds before the trigger, then live fragments, copied into a
 * fragmented MP4 (clip-writer.ts). A clip lasts the recording time after the last trigger and is extended while
 * motion continues, up to a cap (clip-policy.ts). Snapshot: one JPEG. Each gets a thumbnail JPEG and a row.
 * Every event that a recording holds is announced as RecordingStarted, so its notification can link the clip.
 */
export class Recorder {
  private readonly active = new Map<string, Active>();
  private readonly unsubscribe: (() => void)[] = [];
  private closed = false;

  constructor(private readonly deps: RecorderDeps) {}

  start(): void {
    const { bus } = this.deps;
    this.unsubscribe.push(
      bus.subscribe('MotionStarted', (e) => this.onEvent({ ...e, label: 'motion', motion: true })),
      bus.subscribe('DoorbellPressed', (e) => this.onEvent({ ...e, label: 'doorbell', motion: false })),
      // Found during motion, so a clip usually runs already: it is extended, labelled and shows the object.
      bus.subscribe('ObjectDetected', (e) => this.onEvent({ ...e, motion: false, object: true })),
      bus.subscribe('MotionEnded', (e) => {
        const active = this.active.get(e.camera);
        if (active) active.window = { ...active.window, motion: false };
      }),
    );
  }

  /** The clip being written for a camera, if any. */
  current(camera: string): { id: string; endAt: number } | null {
    const active = this.active.get(camera);
    return active ? { id: active.id, endAt: active.window.endAt } : null;
  }

  /** Resolves when every clip in progress has been written and finalised. */
  async idle(): Promise<void> {
    while (this.active.size > 0) await Promise.all([...this.active.values()].map((a) => a.done));
  }

  /** Stops listening, ends every clip now (they are finalised as complete). */
  async close(): Promise<void> {
    this.closed = true;
    for (const off of this.unsubscribe.splice(0)) off();
    for (const active of this.active.values()) this.finish(active);
    await this.idle();
  }

  private onEvent(trigger: Trigger): void {
    if (this.closed) return;
    const camera = this.deps.cameras.find(trigger.camera);
    if (!camera) return;
    const settings = clipSettings(this.deps.config.get().recordings, camera);
    const mode = cameraRecording(camera).mode;
    if (!settings || mode === 'off') return;
    // Continuous mode: a video event is a span of the footage being recorded anyway, pre-roll included.
    const span = mode === 'continuous' && settings.type === 'Video';
    const startedAt = span ? trigger.at - camera.prebufferLength * 1000 : trigger.at;
    const now = this.deps.clock.now();
    const running = this.active.get(camera.name);
    if (running) {
      // Nothing dropped: a second event during a clip extends it (and links to it).
      running.window = extendClip(running.window, now, trigger.motion);
      this.rearm(running);
      if (trigger.object) this.addObject(running, trigger);
      this.deps.bus.publish('RecordingStarted', { eventId: trigger.eventId, id: running.id, thumbnail: running.thumbnail, camera: camera.name, extended: true });
      return;
    }
    const id = trigger.eventId;
    const files = this.deps.service.currentRoot();
    const folder = `${cameraFolder(camera.name)}/${dateFolder(trigger.at)}`;
    const thumbnail = `${folder}/${id}.jpg`;
    const row: RecordingRow = {
      id,
      camera: camera.name,
      room: camera.room,
      trigger: trigger.source,
      type: settings.type,
      label: trigger.label,
      labels: trigger.object ? JSON.stringify([trigger.label]) : null,
      started_at: new Date(startedAt).toISOString(),
      duration_ms: 0,
      size_bytes: 0,
      file: settings.type === 'Video' ? `${folder}/${id}.mp4` : thumbnail,
      thumbnail,
      status: 'recording',
      root: files.dir,
      span: span ? 1 : 0,
    };
    const window = openClip(now, settings.timerMs, this.deps.maxClipMs ?? DEFAULT_MAX_CLIP_MS, trigger.motion);
    const active: Active = {
      id, camera: camera.name, files, thumbnail, startedAt, window, consumer: null, stopTimer: null, stopped: false, done: Promise.resolve(),
      thumb: this.clipThumbnail(files, thumbnail, camera.name, trigger.object === true),
    };
    this.active.set(camera.name, active);
    this.deps.bus.publish('RecordingStarted', { eventId: trigger.eventId, id, thumbnail, camera: camera.name, extended: false });
    active.done = this.record(active, camera, row, trigger.image)
      .catch((error: unknown) => this.failed(camera.name, id, error))
      .finally(() => {
        active.stopTimer?.();
        if (this.active.get(camera.name) === active) this.active.delete(camera.name);
      });
  }

  private failed(camera: string, id: string, error: unknown): void {
    this.deps.log.error({ camera, id, err: error }, 'recording failed');
    const message = error instanceof Error ? error.message : String(error);
    void this.deps.notifications?.system('ERROR', 'Recording failed', `${camera}: ${message}`).catch(() => undefined);
  }

  /** An object seen during the clip: its label on the recording; the first one's picture becomes the thumbnail. */
  private addObject(active: Active, trigger: Trigger): void {
    void this.deps.service.addLabels(active.id, [trigger.label]).catch((error: unknown) => this.deps.log.warn({ camera: active.camera, err: error }, 'recording not labelled'));
    active.thumb.showObject(trigger.image);
  }

  private clipThumbnail(files: RecordingRoot, relative: string, camera: string, fromObject: boolean): ClipThumbnail {
    const { streams, service, log } = this.deps;
    const deps = { files, relative, camera, keyframe: (name: string) => streams.keyframeJpeg(name, 8_000), writing: service.writing.bind(service), warn: log.warn.bind(log) };
    return new ClipThumbnail(deps, fromObject);
  }

  private async record(active: Active, camera: Camera, row: RecordingRow, image?: Buffer): Promise<void> {
    const { files } = active;
    const thumb = active.thumb.first(image);
    const { service } = this.deps;
    await service.begin(row);
    if (row.span) {
      const length = await this.spanLength(active);
      await active.thumb.written; // an object's picture written over the first one meanwhile
      await this.complete(row, { status: 'complete', size_bytes: 0, duration_ms: length });
      return;
    }
    if (row.type === 'Snapshot') {
      const size = (await thumb) ? await files.size(row.file) : 0;
      if (size === 0) return this.discard(row, 'no picture from the camera');
      await this.complete(row, { status: 'complete', size_bytes: size, duration_ms: 0 });
      return;
    }
    let result: { size: number; durationMs: number };
    try {
      result = await writeClip(this.deps.streams, camera, this.target(active, row.file), this.deps.syncEveryMs ?? 2_000);
    } catch (error) {
      await service.interrupt(row).catch(() => undefined);
      throw error;
    }
    // The last write, not the first: an object's picture may have been written over it meanwhile.
    const pictured = await active.thumb.written;
    if (result.durationMs > 0) {
      await this.complete(row, { status: 'complete', size_bytes: result.size, duration_ms: result.durationMs });
      return;
    }
    // No video at all (camera offline the whole time): never a "0 s / 0 B" recording, never logged as complete.
    if (!pictured) return this.discard(row, 'no video from the camera');
    // Kept as 'failed' with the trigger's picture (an FTP upload, a mail attachment); the empty clip file goes.
    await service.filesOf(row).remove(row.file);
    await service.complete(row, { status: 'failed', size_bytes: 0, duration_ms: 0 });
    this.deps.log.warn({ camera: row.camera, id: row.id, reason: 'no video from the camera' }, 'recording failed: only the trigger picture is kept');
  }

  /** A recording that got nothing is removed (its notification stays, unlinked), and logged as failed, never as complete. */
  private async discard(row: RecordingRow, reason: string): Promise<void> {
    await this.deps.service.delete(row.id);
    this.deps.log.warn({ camera: row.camera, id: row.id, type: row.type, reason }, 'recording failed: nothing recorded, removed');
  }

  /** A span lasts until the end timer (or close) finishes it: its length runs from the pre-roll to then. */
  private spanLength(active: Active): Promise<number> {
    return new Promise((resolve) => {
      active.ended = () => resolve(Math.max(0, this.deps.clock.now() - active.startedAt));
      if (active.stopped) active.ended();
      else this.rearm(active);
    });
  }

  /** The writer's view of a clip: the live part starts the end timer; the recorder ends it by closing the consumer. */
  private target(active: Active, relative: string): Parameters<typeof writeClip>[2] {
    return {
      id: active.id,
      files: active.files,
      relative,
      startedAt: active.startedAt,
      stopped: () => active.stopped,
      attached: (consumer) => {
        active.consumer = consumer;
        this.rearm(active);
      },
      finish: () => this.finish(active),
    };
  }

  private async complete(row: RecordingRow, changes: Pick<RecordingRow, 'status' | 'size_bytes' | 'duration_ms'>): Promise<void> {
    await this.deps.service.complete(row, changes);
    // The Console's line is the audit trail's (RecordingCompleted); this one is for debugging.
    this.deps.log.debug({ camera: row.camera, id: row.id, type: row.type, durationMs: changes.duration_ms, bytes: changes.size_bytes }, 'recording complete');
    // Retention may have to make room now (not while shutting down: the database closes next).
    if (!this.closed) void this.deps.service.enforceRetention().catch((error: unknown) => this.deps.log.error({ err: error }, 'retention failed'));
  }

  private rearm(active: Active): void {
    active.stopTimer?.();
    if (active.stopped) return;
    const { clock } = this.deps;
    active.stopTimer = clock.setTimer(delayToEnd(active.window, clock.now()), () => {
      const next = onEndTimer(active.window, clock.now());
      if (next.finish) return this.finish(active);
      // Motion still going: keep recording, a recording time at a time, up to the cap.
      active.window = { ...active.window, endAt: next.endAt };
      this.rearm(active);
    });
  }

  private finish(active: Active): void {
    active.stopped = true;
    active.stopTimer?.();
    active.consumer?.close();
    active.ended?.();
  }
}
