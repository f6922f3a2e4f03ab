import type { Camera, EventSource, RecordingType } from '@homecam/shared';
import type { FileHandle } from 'node:fs/promises';
import type { EventBus } from '../events/event-bus.js';
import type { StreamHub } from '../media/index.js';
import type { Consumer } from '../media/consumer.js';
import { parseFragment } from '../media/fmp4/fragment.js';
import { TimelineRebaser } from '../media/fmp4/timeline.js';
import type { InitSegment, MediaFragment } from '../media/types.js';
import type { Clock } from '../repositories/clock.js';
import { cameraFolder, type RecordingFilesRepository, type RecordingRoot } from '../repositories/recording-files.repository.js';
import type { RecordingRepository, RecordingRow } from '../repositories/recording.repository.js';
import type { CameraService } from '../services/camera.service.js';
import type { ConfigService } from '../services/config.service.js';
import type { NotificationService } from '../services/notification.service.js';
import type { RecordingService } from '../services/recording.service.js';

export interface RecorderLogger {
  info(context: object, message: string): void;
  warn(context: object, message: string): void;
  error(context: object, message: string): void;
}

export interface RecorderDeps {
  hub: () => StreamHub;
  cameras: CameraService;
  config: ConfigService;
  recordings: RecordingRepository;
  files: RecordingFilesRepository;
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

interface Active {
  id: string;
  camera: string;
  /** Where this clip and its thumbnail go: fixed at the start, so a path change mid-clip cannot split them. */
  files: RecordingRoot;
  thumbnail: string;
  startedAt: number;
  endAt: number;
  capAt: number;
  timerMs: number;
  motion: boolean;
  consumer: Consumer | null;
  stopTimer: (() => void) | null;
  stopped: boolean;
  done: Promise<void>;
}

const DEFAULT_MAX_CLIP_MS = 5 * 60_000;
/** The recorder's queue: generous, a slow disk must not drop fragments. */
const RECORDER_QUEUE = { maxSeconds: 30, maxBytes: 64 * 1024 * 1024, maxItems: 4096 };

function dateFolder(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Records camera events. Video: the prebuffer's seconds before the trigger, then live fragments from a 'recorder'
 * consumer, copied (no re-encoding) into a fragmented MP4 fragment by fragment with an fsync about every 2 s, so a
 * crash leaves a playable file. A clip lasts the recording time after the last trigger and is extended while
 * motion continues, up to a cap. Snapshot: one JPEG. Each gets a thumbnail JPEG and a row in SQLite.
 */
export class Recorder {
  private readonly active = new Map<string, Active>();
  private readonly byEvent = new Map<string, { id: string; thumbnail: string | null }>();
  private readonly unsubscribe: (() => void)[] = [];
  private closed = false;

  constructor(private readonly deps: RecorderDeps) {}

  start(): void {
    const { bus } = this.deps;
    this.unsubscribe.push(
      bus.subscribe('MotionStarted', (e) => this.onEvent(e.camera, e.source, 'motion', e.eventId, e.at, true, e.image)),
      bus.subscribe('DoorbellPressed', (e) => this.onEvent(e.camera, e.source, 'doorbell', e.eventId, e.at, false)),
      bus.subscribe('MotionEnded', (e) => {
        const active = this.active.get(e.camera);
        if (active) active.motion = false;
      }),
    );
  }

  /** The recording made (or extended) for an event, for its notification. */
  recordingFor(eventId: string): { id: string; thumbnail: string | null } | null {
    return this.byEvent.get(eventId) ?? null;
  }

  /** The clip being written for a camera, if any. */
  current(camera: string): { id: string; endAt: number } | null {
    const active = this.active.get(camera);
    return active ? { id: active.id, endAt: active.endAt } : null;
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

  private settings(camera: Camera): { type: RecordingType; timerMs: number } | null {
    const recordings = this.deps.config.get().recordings;
    if (!recordings.active) return null;
    return { type: camera.recordingType ?? recordings.type, timerMs: (camera.recordingTimer ?? recordings.timer) * 1000 };
  }

  private onEvent(
    name: string,
    source: EventSource,
    label: 'motion' | 'doorbell',
    eventId: string,
    at: number,
    motion: boolean,
    image?: Buffer,
  ): void {
    if (this.closed) return;
    const camera = this.deps.cameras.find(name);
    if (!camera) return;
    const settings = this.settings(camera);
    if (!settings) return;
    const now = this.deps.clock.now();
    const running = this.active.get(camera.name);
    if (running) {
      // Nothing dropped: a second event during a clip extends it (and links to it).
      running.endAt = Math.min(running.capAt, Math.max(running.endAt, now + running.timerMs));
      running.motion = running.motion || motion;
      this.rearm(running);
      this.byEvent.set(eventId, { id: running.id, thumbnail: running.thumbnail });
      return;
    }
    const id = eventId;
    // The directory in use now; the row keeps it, so the recording stays reachable after `recordings.path` changes.
    const files = this.deps.files.at(this.deps.files.dir);
    const folder = `${cameraFolder(camera.name)}/${dateFolder(at)}`;
    const thumbnail = `${folder}/${id}.jpg`;
    const file = settings.type === 'Video' ? `${folder}/${id}.mp4` : thumbnail;
    this.byEvent.set(eventId, { id, thumbnail });
    if (this.byEvent.size > 1000) this.byEvent.delete(this.byEvent.keys().next().value ?? '');
    const row: RecordingRow = {
      id,
      camera: camera.name,
      room: camera.room,
      trigger: source,
      type: settings.type,
      label,
      started_at: new Date(at).toISOString(),
      duration_ms: 0,
      size_bytes: 0,
      file,
      thumbnail,
      status: 'recording',
      root: files.dir,
    };
    const maxClip = this.deps.maxClipMs ?? DEFAULT_MAX_CLIP_MS;
    const active: Active = {
      id,
      camera: camera.name,
      files,
      thumbnail,
      startedAt: at,
      endAt: now + settings.timerMs,
      capAt: now + maxClip,
      timerMs: settings.timerMs,
      motion,
      consumer: null,
      stopTimer: null,
      stopped: false,
      done: Promise.resolve(),
    };
    this.active.set(camera.name, active);
    active.done = this.record(active, camera, row, image)
      .catch((error: unknown) => {
        this.deps.log.error({ camera: camera.name, id, err: error }, 'recording failed');
        const message = error instanceof Error ? error.message : String(error);
        void this.deps.notifications?.system('ERROR', 'Recording failed', `${camera.name}: ${message}`).catch(() => undefined);
      })
      .finally(() => {
        active.stopTimer?.();
        if (this.active.get(camera.name) === active) this.active.delete(camera.name);
      });
  }

  private async record(active: Active, camera: Camera, row: RecordingRow, image?: Buffer): Promise<void> {
    const { files } = active;
    const thumb = this.thumbnail(files, camera.name, row.thumbnail ?? '', image);
    if (row.thumbnail) this.deps.service.writing(row.thumbnail, files.dir, thumb);
    await this.deps.recordings.insert(row);
    if (row.type === 'Snapshot') {
      const ok = await thumb;
      const size = ok ? await files.size(row.file) : 0;
      await this.complete(row, { status: ok ? 'complete' : 'interrupted', size_bytes: size, duration_ms: 0 });
      return;
    }
    let result: { size: number; durationMs: number };
    try {
      result = await this.writeVideo(active, camera, row.file);
    } catch (error) {
      // A failed write (ENOSPC) can leave a torn box: cut to the last whole fragment like crash recovery does,
      // and keep the length that was written instead of 0 (probe #15).
      const scan = await files.scanClip(row.file, true).catch(() => null);
      const written = { size_bytes: scan?.size ?? (await files.size(row.file)), duration_ms: scan?.durationMs ?? 0 };
      await this.deps.recordings.update(row.id, { status: 'interrupted', ...written }).catch(() => undefined);
      throw error;
    }
    await thumb;
    // No video at all (camera offline the whole time): kept as a record of the event, marked interrupted.
    await this.complete(row, { status: result.durationMs > 0 ? 'complete' : 'interrupted', size_bytes: result.size, duration_ms: result.durationMs });
  }

  private async complete(row: RecordingRow, changes: Pick<RecordingRow, 'status' | 'size_bytes' | 'duration_ms'>): Promise<void> {
    const thumbnailSize = row.thumbnail && row.thumbnail !== row.file ? await this.deps.service.filesOf(row).size(row.thumbnail) : 1;
    const thumbnail = thumbnailSize > 0 ? row.thumbnail : null;
    await this.deps.recordings.update(row.id, { ...changes, thumbnail });
    this.deps.bus.publish('RecordingCompleted', { recording: this.deps.service.present({ ...row, ...changes, thumbnail }) });
    this.deps.log.info({ camera: row.camera, id: row.id, type: row.type, durationMs: changes.duration_ms, bytes: changes.size_bytes }, 'recording complete');
    // Retention may have to make room now (not while shutting down: the database closes next).
    if (!this.closed) void this.deps.service.enforceRetention().catch((error: unknown) => this.deps.log.error({ err: error }, 'retention failed'));
  }

  /** The picture that came with the trigger (FTP upload, mail attachment) when it is a JPEG, else the camera's newest keyframe. */
  private async thumbnail(files: RecordingRoot, camera: string, relative: string, image?: Buffer): Promise<boolean> {
    try {
      if (image && image.length > 4 && image[0] === 0xff && image[1] === 0xd8) {
        await files.write(relative, image);
        return true;
      }
      const snap = await this.deps.hub().snapshot(camera, { waitMs: 8_000 });
      if (!snap) return false;
      await files.write(relative, snap.jpeg);
      return true;
    } catch (error) {
      this.deps.log.warn({ camera, err: error }, 'no thumbnail for the recording');
      return false;
    }
  }

  private rearm(active: Active): void {
    active.stopTimer?.();
    if (active.stopped) return;
    active.stopTimer = this.deps.clock.setTimer(Math.max(0, active.endAt - this.deps.clock.now()), () => {
      // Motion still going: keep recording, a recording time at a time, up to the cap.
      const now = this.deps.clock.now();
      if (active.motion && now < active.capAt) {
        active.endAt = Math.min(active.capAt, now + active.timerMs);
        this.rearm(active);
        return;
      }
      this.finish(active);
    });
  }

  private finish(active: Active): void {
    active.stopped = true;
    active.stopTimer?.();
    active.consumer?.close();
  }

  private async writeVideo(active: Active, camera: Camera, relative: string): Promise<{ size: number; durationMs: number }> {
    const hub = this.deps.hub();
    const syncEvery = this.deps.syncEveryMs ?? 2_000;
    const handle: FileHandle = await active.files.openForWriting(relative);
    let size = 0;
    let init: InitSegment | null = null;
    let first: number | null = null;
    let end = 0;
    let lastSource = -Infinity;
    let lastSync = Date.now();
    const rebaser = new TimelineRebaser();
    const write = async (data: Buffer): Promise<void> => {
      await handle.write(data);
      size += data.length;
    };
    const writeFragment = async (fragment: MediaFragment): Promise<void> => {
      if (!init) return;
      // Fragments the prebuffer already gave come again at the start of the consumer: skip them.
      if (fragment.timestamp <= lastSource) return;
      if (first === null && !fragment.keyframe) return;
      lastSource = fragment.timestamp;
      const tracks = init.info.tracks;
      const copy = Buffer.from(fragment.data);
      const info = rebaser.apply(copy, parseFragment(copy, tracks), tracks);
      first ??= info.timestamp;
      end = Math.max(end, info.timestamp + info.duration);
      await write(copy);
      if (Date.now() - lastSync >= syncEvery) {
        await handle.datasync();
        lastSync = Date.now();
      }
    };
    try {
      if (camera.prebuffering) {
        const pre = hub.prebuffer(camera.name, 'main', active.startedAt - camera.prebufferLength * 1000);
        if (pre) {
          init = pre.init;
          await write(pre.init.data);
          for (const fragment of pre.fragments) await writeFragment(fragment);
          await handle.datasync();
        }
      }
      if (active.stopped) return { size, durationMs: 0 };
      const consumer = hub.attach(camera.name, 'main', { kind: 'recorder', label: active.id, queue: RECORDER_QUEUE });
      active.consumer = consumer;
      this.rearm(active);
      for (;;) {
        const item = await consumer.read();
        if (!item) break;
        if (item.type === 'init') {
          if (!init) {
            init = item;
            await write(item.data);
          } else if (!init.data.equals(item.data)) {
            // The camera came back with other settings: this clip ends here, playable as it is.
            this.finish(active);
            break;
          }
          continue;
        }
        await writeFragment(item);
      }
    } finally {
      active.consumer?.close();
      await handle.datasync().catch(() => undefined);
      await handle.close();
    }
    return { size, durationMs: first === null ? 0 : Math.round((end - first) * 1000) };
  }
}
