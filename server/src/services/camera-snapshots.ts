import type { Camera } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import { isMediaError, type MediaLogger, type StreamHub, type StreamStatus } from '../media/index.js';
import type { Clock } from '../lib/clock.js';
import { StillImageError, type StillImageRepository } from '../repositories/still-image.repository.js';
import { redactorOf, toAppError } from './camera-off-air.js';

export interface CameraSnapshot {
  jpeg: Buffer;
  /**
   * buffer: the newest buffered keyframe · live: the stream was started for it · still: the still image source ·
   * privacy: the camera is in privacy mode, this is the privacy image.
   */
  from: 'buffer' | 'live' | 'still' | 'privacy';
}

export interface CameraSnapshotsDeps {
  hub: StreamHub;
  stills: StillImageRepository;
  clock: Clock;
  log: MediaLogger;
  /** How long a snapshot is reused for the same camera and width, default 1 s. */
  snapshotCacheMs?: number | undefined;
  /** How long a snapshot waits for a keyframe when the stream has to be started, default 10 s. */
  snapshotWaitMs?: number | undefined;
  /** Resolves once the hub has every camera change made so far. */
  settled: () => Promise<void>;
}

/**
 * Snapshots of streaming cameras (CameraStreamService checks disabled/privacy first): from the newest buffered
 * keyframe when the stream runs (no new camera session), else from the still image source when one is
 * configured, else by starting the stream and waiting for a keyframe. Requests for the same camera and width
 * within ~1 s share one result.
 */
export class CameraSnapshots {
  private readonly cache = new Map<string, { settledAt: number | null; promise: Promise<CameraSnapshot> }>();

  constructor(private readonly deps: CameraSnapshotsDeps) {}

  get(camera: Camera, width: number | undefined): Promise<CameraSnapshot> {
    const key = `${camera.name}\u0000${width ?? 0}`;
    const now = this.deps.clock.now();
    const cached = this.cache.get(key);
    if (cached && (cached.settledAt === null || now - cached.settledAt < (this.deps.snapshotCacheMs ?? 1_000))) return cached.promise;
    const entry: { settledAt: number | null; promise: Promise<CameraSnapshot> } = { settledAt: null, promise: this.take(camera, width) };
    this.cache.set(key, entry);
    entry.promise.then(
      () => (entry.settledAt = this.deps.clock.now()),
      () => {
        if (this.cache.get(key) === entry) this.cache.delete(key);
      },
    );
    return entry.promise;
  }

  /** The cameras changed: no cached picture outlives a new source. */
  clear(): void {
    this.cache.clear();
  }

  private async take(camera: Camera, width: number | undefined): Promise<CameraSnapshot> {
    const hub = this.deps.hub;
    await this.deps.settled();
    try {
      const buffered = await hub.snapshot(camera.name, { width });
      if (buffered) return { jpeg: buffered.jpeg, from: 'buffer' };
    } catch (error) {
      if (!isMediaError(error, 'SNAPSHOT_FAILED')) throw toAppError(error);
      this.deps.log.warn({ camera: camera.name, error: redactorOf(camera)(error.message) }, 'snapshot from the buffer failed');
    }

    const still = camera.videoConfig.stillImageSource?.trim();
    if (still) {
      try {
        const v = camera.videoConfig;
        const input = { rtspTransport: v.rtspTransport, timeoutUs: v.stimeout * 1_000_000 };
        return { jpeg: await this.deps.stills.grab({ source: still, input, width }), from: 'still' };
      } catch (error) {
        const message = error instanceof StillImageError ? error.message : 'the still image source failed';
        this.deps.log.warn({ camera: camera.name, error: redactorOf(camera)(message) }, 'still image failed');
        throw new AppError('SNAPSHOT_FAILED', 'the still image source failed', { reason: redactorOf(camera)(message) });
      }
    }

    const pulled = await this.pull(camera, width);
    if (!pulled) throw new AppError('CAMERA_OFFLINE', 'no picture from the camera in time');
    return { jpeg: pulled.jpeg, from: pulled.from };
  }

  /** Starts (or joins) the main stream for one keyframe; gives up at once when the camera is offline. */
  private async pull(camera: Camera, width: number | undefined): Promise<{ jpeg: Buffer; from: 'buffer' | 'live' } | null> {
    const hub = this.deps.hub;
    const offline = (status: StreamStatus): AppError =>
      status.reason?.code === 'FFMPEG_UNAVAILABLE'
        ? new AppError('FFMPEG_UNAVAILABLE', 'ffmpeg is not available')
        : new AppError('CAMERA_OFFLINE', 'the camera is offline', { state: status.state, reason: status.reason ? redactorOf(camera)(status.reason.message) : null });
    const current = hub.status(camera.name, 'main');
    if (current.state === 'offline' || current.state === 'error') throw offline(current);
    let stop = (): void => undefined;
    const failed = new Promise<never>((_resolve, reject) => {
      const listener = (status: StreamStatus): void => {
        if (status.camera === camera.name && status.stream === 'main' && (status.state === 'offline' || status.state === 'error')) {
          reject(offline(status));
        }
      };
      hub.on('state', listener);
      stop = () => hub.off('state', listener);
    });
    failed.catch(() => undefined);
    try {
      return await Promise.race([hub.snapshot(camera.name, { stream: 'main', waitMs: this.deps.snapshotWaitMs ?? 10_000, width }), failed]);
    } catch (error) {
      throw toAppError(error);
    } finally {
      stop();
    }
  }
}
