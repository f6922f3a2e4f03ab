import type { Camera } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import type { AttachOptions, Consumer, Prebuffer, QueueLimits, StreamAccess, StreamHub, StreamName, StreamReading, StreamReadings, StreamStats } from '../media/index.js';
import { OFF_AIR, toAppError } from './camera-off-air.js';
import type { CameraService } from './camera.service.js';

export interface CameraStreamDoorDeps {
  hub: StreamHub;
  cameras: CameraService;
  /**
   * Queue bounds of one live viewer: beyond them it drops to the next keyframe, never slowing others. Default
   * the hub's (10 s / 8 MiB): the buffered GOP a viewer starts with must fit, or it would wait a whole GOP.
   */
  viewerQueue?: QueueLimits | undefined;
}

/**
 * The one door to a camera's streams (go2rtc's AddConsumer): every output — live viewer, WebRTC audio, HomeKit,
 * recorder, motion — attaches here and every reader (metrics) reads here; the hub itself stays inside this
 * service. The rules are applied once, in `admit` and the hub's viewer count: no stream of a camera that is
 * disabled (CAMERA_OFFLINE) or in privacy mode (PRIVACY_MODE), and a 'viewer' consumer counts against the
 * camera's maxStreams (MAX_STREAMS_REACHED; other kinds do not). A camera that is disabled or put in privacy mode
 * later leaves the hub (CameraStreamService.apply), which closes every consumer of it, whatever its kind.
 */
export abstract class CameraStreamDoor implements StreamAccess, StreamReadings {
  constructor(private readonly door: CameraStreamDoorDeps) {}

  /** Resolves once the hub has every camera change made so far. */
  abstract settled(): Promise<void>;

  /** The ffmpeg the upstreams run (WebRTC audio and HomeKit run the same binary). */
  get ffmpegPath(): string {
    return this.door.hub.ffmpegPath;
  }

  /** The camera an output may have a stream of: refuses one that is disabled (CAMERA_OFFLINE) or in privacy mode (PRIVACY_MODE). */
  admit(name: string): Camera {
    const camera = this.door.cameras.get(name);
    if (camera.disable) throw new AppError('CAMERA_OFFLINE', OFF_AIR.disabled);
    if (camera.privacyMode) throw new AppError('PRIVACY_MODE', OFF_AIR.privacy);
    return camera;
  }

  /**
   * A consumer of one stream, once the camera changes made so far are applied. Throws CAMERA_NOT_FOUND, NOT_FOUND
   * (no sub stream), CAMERA_OFFLINE (disabled), PRIVACY_MODE, MAX_STREAMS_REACHED (a 'viewer' beyond maxStreams).
   */
  async attach(name: string, stream: StreamName, options: AttachOptions): Promise<Consumer> {
    await this.settled();
    return this.attachNow(name, stream, options);
  }

  /** `attach` without waiting for camera changes in flight (motion: the service updates it inside a change). */
  attachNow(name: string, stream: StreamName, options: AttachOptions): Consumer {
    const camera = this.admit(name);
    return mediaCall(() => this.door.hub.attach(camera.name, stream, this.withViewerQueue(options)));
  }

  /**
   * A recorder's consumer and the buffered fragments from the keyframe at or before `sinceMs` (wall clock), taken
   * in one step: whatever arrives later queues in the consumer, so pre-roll and live part leave no hole between them.
   */
  async attachWithPreroll(name: string, stream: StreamName, options: AttachOptions, sinceMs: number): Promise<{ consumer: Consumer; preroll: Prebuffer | null }> {
    await this.settled();
    const camera = this.admit(name);
    return mediaCall(() => {
      const preroll = this.door.hub.prebuffer(camera.name, stream, sinceMs);
      return { consumer: this.door.hub.attach(camera.name, stream, this.withViewerQueue(options)), preroll };
    });
  }

  /** A JPEG of the newest buffered keyframe, else of the next one within `waitMs` (joining the stream); null without one. */
  async keyframeJpeg(name: string, waitMs: number): Promise<Buffer | null> {
    await this.settled();
    const camera = this.admit(name);
    const snapshot = await mediaCall(() => this.door.hub.snapshot(camera.name, { waitMs }));
    return snapshot?.jpeg ?? null;
  }

  /** The buffered fragments from the newest keyframe (or the one at or before `sinceMs`); null when nothing is buffered. */
  prebuffer(name: string, stream: StreamName, sinceMs?: number): Prebuffer | null {
    const camera = this.admit(name);
    return mediaCall(() => this.door.hub.prebuffer(camera.name, stream, sinceMs));
  }

  /** A stream's codecs once known ('avc1.42C01F, mp4a.40.2') and whether its upstream re-encodes; null without the stream. */
  codecs(name: string, stream: StreamName): { codecs?: string; transcoding: boolean } | null {
    try {
      const { codecs, transcoding } = this.door.hub.status(this.door.cameras.find(name)?.name ?? name, stream);
      return codecs === undefined ? { transcoding } : { codecs, transcoding };
    } catch {
      return null; // not in the hub (yet, or any more)
    }
  }

  /** One stream's counters (bytes, fragments, reconnects, consumers, buffer). */
  stats(name: string, stream: StreamName): StreamStats {
    const camera = this.door.cameras.get(name);
    return mediaCall(() => this.door.hub.stats(camera.name, stream));
  }

  /** Every stream's state and counters (the Utilization page). */
  readings(): StreamReading[] {
    const hub = this.door.hub;
    return hub.statuses().map((status) => ({ status, stats: hub.stats(status.camera, status.stream) }));
  }

  /** A live viewer's queue bounds, when the server sets them and the caller did not. */
  private withViewerQueue(options: AttachOptions): AttachOptions {
    const queue = this.door.viewerQueue;
    return options.kind === 'viewer' && !options.queue && queue ? { ...options, queue } : options;
  }
}

/** Runs a hub call; a media error comes out as the API's error (camera-off-air.ts `toAppError`). */
function mediaCall<T>(call: () => T): T {
  try {
    const result = call();
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      throw toAppError(error);
    }) as T;
  } catch (error) {
    throw toAppError(error);
  }
}
