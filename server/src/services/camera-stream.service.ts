import type { Camera, CameraOffAir, CameraState, CameraStatus } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import type { EventBus } from '../events/event-bus.js';
import { toCameraStatus, toHubCamera, type MediaLogger, type QueueLimits, type StreamHub, type StreamName, type StreamStatus } from '../media/index.js';
import type { Clock } from '../lib/clock.js';
import type { MotionFrameTap } from '../motion/index.js';
import type { StillImageRepository } from '../repositories/still-image.repository.js';
import { OFF_AIR, offAirOf, redactorOf, toAppError } from './camera-off-air.js';
import { CameraSnapshots, type CameraSnapshot } from './camera-snapshots.js';
import { CameraStreamDoor } from './camera-stream-door.js';
import type { CameraService } from './camera.service.js';

export { toAppError } from './camera-off-air.js';
export type { CameraSnapshot } from './camera-snapshots.js';

export type StreamStateListener = (event: { camera: string; stream: StreamName; state: CameraState; reason: string | null }) => void;

/** What follows the camera list beside the hub: the motion detectors (server/src/motion). */
export interface CameraListFollower {
  setCameras(cameras: readonly Camera[]): Promise<void>;
  close(): Promise<void>;
  /** Object detection's tap on the motion decoders (colour frames of the cameras it watches). */
  tap?(frames: MotionFrameTap): void;
}

export interface CameraStreamServiceDeps {
  hub: StreamHub;
  /** Gets every enabled-camera list right after the hub, so its consumers attach to streams that exist. */
  motion?: CameraListFollower | undefined;
  cameras: CameraService;
  stills: StillImageRepository;
  bus: EventBus;
  clock: Clock;
  log: MediaLogger;
  /** How long a snapshot is reused for the same camera and width, default 1 s. */
  snapshotCacheMs?: number;
  /** How long a snapshot waits for a keyframe when the stream has to be started, default 10 s. */
  snapshotWaitMs?: number;
  /** Queue bounds of one live viewer (CameraStreamDoorDeps); default the hub's. */
  viewerQueue?: QueueLimits;
  /** The ffmpeg in use (path, where it came from, its banner), for Settings → System. */
  ffmpeg?: { path: string; origin: string | null; banner: string | null };
}

/**
 * Cameras of config.json ↔ the stream hub: keeps the hub's camera list in step with the config (API, PATCH
 * /api/config or a hand edit, all without a restart), turns hub states into CameraStatus events (socket.io via
 * the event bus), and makes snapshots (buffered keyframe → still image source → a pull). Every output attaches
 * through the door it extends (camera-stream-door.ts), which applies disabled, privacy mode and maxStreams.
 */
export class CameraStreamService extends CameraStreamDoor {
  private sync: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;
  private readonly stateListeners = new Set<StreamStateListener>();
  private readonly snapshots: CameraSnapshots;
  private readonly configuredAt: number;
  /** The cameras off air after the last apply, to notice one coming back. */
  private offAirNow = new Map<string, CameraOffAir>();
  private closed = false;

  constructor(private readonly deps: CameraStreamServiceDeps) {
    super(deps);
    this.configuredAt = deps.clock.now();
    this.snapshots = new CameraSnapshots({ ...deps, settled: () => this.settled() });
  }

  get ffmpeg(): { path: string | null; origin: string | null; banner: string | null } {
    return this.deps.ffmpeg ?? { path: null, origin: null, banner: null };
  }

  /**
   * Object detection (issue 20) through the one door: the motion decoders of the cameras it watches also hand over
   * their frames in colour, to it. Before start(), so the first decoders already decode colour.
   */
  tapMotionFrames(frames: MotionFrameTap): void {
    this.deps.motion?.tap?.(frames);
  }

  /** Gives the hub the enabled cameras and follows every later change. */
  start(): Promise<void> {
    this.deps.hub.on('state', this.onHubState);
    this.unsubscribe = this.deps.cameras.onChange((next) => void this.apply(next));
    return this.apply(this.deps.cameras.list());
  }

  /** Resolves once the hub has every camera change made so far. */
  override settled(): Promise<void> {
    return this.sync;
  }

  status(name: string): CameraStatus {
    const camera = this.deps.cameras.get(name);
    const offAir = offAirOf(camera);
    if (offAir) return this.offAirStatus(camera, offAir);
    try {
      return this.toStatus(camera, this.deps.hub.status(camera.name, 'main'));
    } catch {
      // configured a moment ago, not yet handed to the hub
      return { name: camera.name, state: 'idle', reason: null, offAir: null, viewers: 0, codecs: null, transcoding: false, since: new Date(this.configuredAt).toISOString() };
    }
  }

  /** Every camera's status, in config order. */
  statuses(): CameraStatus[] {
    return this.deps.cameras.list().map((camera) => this.status(camera.name));
  }

  /** The state of one stream, for a live viewer's first message. */
  streamState(name: string, stream: StreamName): { state: CameraState; reason: string | null } {
    const camera = this.deps.cameras.get(name);
    const offAir = offAirOf(camera);
    if (offAir) return { state: 'idle', reason: OFF_AIR[offAir] };
    try {
      const status = this.deps.hub.status(camera.name, stream);
      return { state: status.state, reason: status.reason ? redactorOf(camera)(status.reason.message) : null };
    } catch (error) {
      throw toAppError(error);
    }
  }

  /** Every state change of every stream (main and sub), reasons redacted. Returns the unsubscribe. */
  onStreamState(listener: StreamStateListener): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /**
   * A JPEG: from the newest buffered keyframe when the stream runs (no new camera session), else from the still
   * image source when one is configured, else by starting the stream and waiting for a keyframe. Requests for
   * the same camera and width within ~1 s share one result.
   */
  snapshot(name: string, width?: number): Promise<CameraSnapshot> {
    const camera = this.deps.cameras.get(name);
    if (camera.disable) return Promise.reject(new AppError('CAMERA_OFFLINE', OFF_AIR.disabled));
    if (camera.privacyMode) return this.deps.stills.privacyImage().then((jpeg) => ({ jpeg, from: 'privacy' as const }));
    return this.snapshots.get(camera, width);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe?.();
    this.deps.hub.off('state', this.onHubState);
    await this.sync;
    // Detectors are hub consumers: they go first, so the hub closes with nothing attached.
    await this.deps.motion?.close();
    await this.deps.hub.close();
  }

  private apply(cameras: readonly Camera[]): Promise<void> {
    this.snapshots.clear();
    const run = this.sync.then(async () => {
      if (this.closed) return;
      const streaming = cameras.filter((camera) => offAirOf(camera) === null);
      await this.deps.hub.setCameras(streaming.map(toHubCamera));
      await this.deps.motion?.setCameras(streaming);
      this.publishOffAirChanges(cameras);
    });
    this.sync = run.catch((error: unknown) => {
      this.deps.log.error({ error: redactorOf(undefined)(String(error)) }, 'applying the cameras to the stream hub failed');
    });
    return this.sync;
  }

  /**
   * Tells viewers about each camera that went off air or came back: a camera back from privacy mode is idle in
   * the hub, which says nothing until it streams, so its status (no longer off air) is sent here.
   */
  private publishOffAirChanges(cameras: readonly Camera[]): void {
    const before = this.offAirNow;
    this.offAirNow = new Map();
    for (const camera of cameras) {
      const offAir = offAirOf(camera);
      if (offAir) this.offAirNow.set(camera.name, offAir);
      if (offAir) this.deps.bus.publish('CameraStateChanged', { status: this.offAirStatus(camera, offAir) });
      else if (before.has(camera.name)) this.deps.bus.publish('CameraStateChanged', { status: this.status(camera.name) });
    }
  }

  private readonly onHubState = (status: StreamStatus): void => {
    const camera = this.deps.cameras.find(status.camera);
    // A removed or renamed camera's streams report idle while they close: nobody needs to hear about it.
    if (!camera || camera.name !== status.camera || offAirOf(camera)) return;
    const reason = status.reason ? redactorOf(camera)(status.reason.message) : null;
    for (const listener of this.stateListeners) listener({ camera: camera.name, stream: status.stream, state: status.state, reason });
    if (status.stream === 'main') this.deps.bus.publish('CameraStateChanged', { status: this.toStatus(camera, status) });
  };

  private toStatus(camera: Camera, main: StreamStatus): CameraStatus {
    const status = toCameraStatus(main);
    let viewers = main.viewers;
    try {
      if (camera.videoConfig.subSource) viewers += this.deps.hub.status(camera.name, 'sub').viewers;
    } catch {
      // no sub stream in the hub (yet)
    }
    return { ...status, viewers, reason: status.reason === null ? null : redactorOf(camera)(status.reason) };
  }

  private offAirStatus(camera: Camera, offAir: CameraOffAir): CameraStatus {
    return {
      name: camera.name, state: 'idle', reason: OFF_AIR[offAir], offAir, viewers: 0, codecs: null, transcoding: false,
      since: new Date(this.configuredAt).toISOString(),
    };
  }
}

