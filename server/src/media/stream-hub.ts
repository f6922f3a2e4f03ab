import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { CameraStream, type CameraStreamContext, type StreamSettings } from './camera-stream.js';
import { systemClock } from '../lib/clock.js';
import type { AttachOptions, Consumer } from './consumer.js';
import { MediaError, StreamLimitError } from './errors.js';
import { DEFAULT_DEMO_FONT } from '../lib/ffmpeg-args/input.js';
import type { RemuxOptions } from '../lib/ffmpeg-args/output.js';
import { bundledFfmpegPath } from './ffmpeg/locate.js';
import type { SupervisedProcessOptions, Timers } from './ffmpeg/supervised-process.js';
import type { GopBufferLimits } from './gop-buffer.js';
import { silentLogger, type MediaLogger } from './logger.js';
import { encodeJpeg, Limiter } from './snapshot.js';
import type { InitSegment, MediaFragment, Prebuffer, StreamName, StreamStats, StreamStatus } from './types.js';

export interface CameraConfig {
  /** Unique camera name (the key used everywhere). */
  name: string;
  main: StreamSettings;
  sub?: StreamSettings;
  /** Keep the main stream connected all the time (instant live view, pre-roll for recordings). */
  prebuffering?: boolean;
  /** Seconds kept in the prebuffer of this camera's streams; default: the hub's prebuffer.maxSeconds (10). */
  prebufferSeconds?: number;
  /** At most this many 'viewer' consumers over all streams of the camera; 0 or unset = unlimited. */
  maxStreams?: number;
}

export interface StreamHubOptions {
  ffmpegPath: string;
  /** From probeFfmpegVersion; picks option names that changed in FFmpeg 5. Default 5. */
  ffmpegMajor?: number | null;
  logger?: MediaLogger;
  /** Stop an on-demand upstream this long after its last consumer left. Default 15 s. */
  idleTimeoutMs?: number;
  prebuffer?: GopBufferLimits;
  remux?: RemuxOptions;
  process?: Pick<SupervisedProcessOptions, 'firstOutputTimeoutMs' | 'stallTimeoutMs' | 'killTimeoutMs' | 'backoff' | 'spawn'>;
  /** Font for the clock of `demo:` sources; default DejaVuSans when installed, else no clock. */
  demoFont?: string | null;
  snapshot?: {
    /**
     * ffmpeg for snapshot decoding. Default: the bundled static build when installed: it starts in ~20 ms
     * where a dynamically linked distro ffmpeg needs 70–300 ms just to load its libraries. Falls back to
     * ffmpegPath if it fails.
     */
    ffmpegPath?: string;
    concurrency?: number;
    timeoutMs?: number;
    quality?: number;
  };
  timers?: Timers;
}

export interface SnapshotRequest {
  /** Default: main if it has a buffered keyframe, else sub. */
  stream?: StreamName;
  /** When nothing is buffered, start/join the stream and wait this long for a keyframe. Default 0 (buffer only). */
  waitMs?: number;
  width?: number;
}

export interface Snapshot {
  jpeg: Buffer;
  stream: StreamName;
  /** When the keyframe arrived (ms since epoch). */
  capturedAt: number;
  /** 'buffer': decoded from the prebuffer; 'live': waited for the next keyframe. */
  from: 'buffer' | 'live';
}

export interface StreamHubEvents {
  /** A stream changed state (or reason). */
  state: [StreamStatus];
}

interface CameraEntry {
  config: CameraConfig;
  streams: Map<StreamName, CameraStream>;
}

/**
 * The stream hub: one CameraStream per `<camera>/<main|sub>`, each with exactly one upstream ffmpeg shared by
 * all its consumers. Knows nothing about HTTP: a WebSocket handler attaches a consumer and pumps `read()`.
 */
export class StreamHub extends EventEmitter<StreamHubEvents> {
  private readonly cameras = new Map<string, CameraEntry>();
  private readonly ctx: CameraStreamContext;
  private readonly limiter: Limiter;
  private readonly jpegCache = new WeakMap<MediaFragment, Map<number, Promise<Buffer>>>();
  private snapshotFfmpeg: string;
  private closed = false;

  constructor(private readonly options: StreamHubOptions) {
    super();
    const demoFont = options.demoFont !== undefined ? options.demoFont : existsSync(DEFAULT_DEMO_FONT) ? DEFAULT_DEMO_FONT : null;
    this.ctx = {
      ffmpegPath: options.ffmpegPath,
      ffmpegMajor: options.ffmpegMajor ?? null,
      demoFont,
      idleTimeoutMs: options.idleTimeoutMs ?? 15_000,
      prebuffer: options.prebuffer ?? {},
      remux: options.remux ?? {},
      process: options.process ?? {},
      timers: options.timers ?? systemClock,
      logger: options.logger ?? silentLogger,
      onStatus: (status) => this.emit('state', status),
    };
    this.limiter = new Limiter(options.snapshot?.concurrency ?? 2);
    this.snapshotFfmpeg = options.snapshot?.ffmpegPath ?? bundledFfmpegPath() ?? options.ffmpegPath;
  }

  /** Replaces the whole camera list: removes cameras that are gone, adds new ones, updates changed ones. */
  async setCameras(configs: readonly CameraConfig[]): Promise<void> {
    const names = new Set(configs.map((c) => c.name));
    await Promise.all([...this.cameras.keys()].filter((n) => !names.has(n)).map((n) => this.removeCamera(n)));
    await Promise.all(configs.map((c) => this.upsertCamera(c)));
  }

  /** Adds a camera or applies changed settings (a changed source restarts that stream; consumers stay). */
  async upsertCamera(config: CameraConfig): Promise<void> {
    if (this.closed) throw new MediaError('HUB_CLOSED', 'the stream hub is closed');
    const entry = this.cameras.get(config.name) ?? { config, streams: new Map<StreamName, CameraStream>() };
    entry.config = config;
    this.cameras.set(config.name, entry);
    const wanted: [StreamName, StreamSettings | undefined][] = [['main', config.main], ['sub', config.sub]];
    for (const [name, settings] of wanted) {
      const existing = entry.streams.get(name);
      const policy = { prebuffering: name === 'main' && config.prebuffering === true, prebufferSeconds: config.prebufferSeconds };
      if (!settings) {
        if (existing) {
          entry.streams.delete(name);
          await existing.close();
        }
      } else if (existing) await existing.update(settings, policy);
      else entry.streams.set(name, new CameraStream(config.name, name, settings, policy, this.ctx));
    }
  }

  /** Removes a camera: its consumers are closed (their read() resolves null) and its upstreams stopped. */
  async removeCamera(name: string): Promise<void> {
    const entry = this.cameras.get(name);
    if (!entry) return;
    this.cameras.delete(name);
    await Promise.all([...entry.streams.values()].map((s) => s.close()));
  }

  /** The ffmpeg the upstreams run (other parts of the server use the same one, e.g. WebRTC's audio transcoder). */
  get ffmpegPath(): string {
    return this.options.ffmpegPath;
  }

  cameraNames(): string[] {
    return [...this.cameras.keys()];
  }

  /**
   * Attaches a consumer. It first gets the init segment and the buffered GOP (when streaming), then live
   * fragments. Throws CAMERA_NOT_FOUND, STREAM_NOT_FOUND, or StreamLimitError (MAX_STREAMS_REACHED) for a
   * 'viewer' beyond the camera's maxStreams.
   */
  attach(camera: string, stream: StreamName, options: AttachOptions): Consumer {
    const entry = this.entry(camera);
    const target = this.streamOf(entry, stream);
    const limit = entry.config.maxStreams ?? 0;
    if (options.kind === 'viewer' && limit > 0) {
      const { replaces } = options;
      const replaced = replaces && !replaces.closed && replaces.kind === 'viewer' && replaces.camera === entry.config.name ? 1 : 0;
      const viewers = [...entry.streams.values()].reduce((n, s) => n + s.viewers, 0) - replaced;
      if (viewers >= limit) throw new StreamLimitError(camera, limit);
    }
    return target.attach(options);
  }

  status(camera: string, stream: StreamName): StreamStatus {
    return this.streamOf(this.entry(camera), stream).status();
  }

  statuses(): StreamStatus[] {
    return [...this.cameras.values()].flatMap((e) => [...e.streams.values()].map((s) => s.status()));
  }

  stats(camera: string, stream: StreamName): StreamStats {
    return this.streamOf(this.entry(camera), stream).stats();
  }

  /**
   * The init segment and buffered fragments starting at a keyframe: from the newest keyframe, or from the
   * newest keyframe at or before `sinceMs` (wall clock) for pre-roll. Null when nothing is buffered.
   */
  prebuffer(camera: string, stream: StreamName, sinceMs?: number): Prebuffer | null {
    return this.streamOf(this.entry(camera), stream).prebuffer(sinceMs);
  }

  /**
   * A JPEG of the newest buffered keyframe (tens of ms). When nothing is buffered it returns null, unless
   * `waitMs` is given: then it joins the stream (starting it if needed) and waits for the next keyframe.
   * Callers fall back to a placeholder or the camera's own snapshot URL on null. Throws SNAPSHOT_FAILED.
   */
  async snapshot(camera: string, request: SnapshotRequest = {}): Promise<Snapshot | null> {
    const entry = this.entry(camera);
    const order: StreamName[] = request.stream ? [request.stream] : ['main', 'sub'];
    for (const name of order) {
      const found = entry.streams.get(name)?.latestKeyframe();
      if (found) return this.encode(name, found.init, found.fragment, 'buffer', request.width);
    }
    if (!request.waitMs) return null;
    const name = request.stream ?? 'main';
    const target = this.streamOf(entry, name);
    const consumer = target.attach({ kind: 'snapshot' });
    try {
      if (!(await target.waitForKeyframe(request.waitMs))) return null;
    } finally {
      consumer.close();
    }
    const found = target.latestKeyframe();
    return found ? this.encode(name, found.init, found.fragment, 'live', request.width) : null;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.cameras.keys()].map((name) => this.removeCamera(name)));
  }

  private encode(stream: StreamName, init: InitSegment, fragment: MediaFragment, from: Snapshot['from'], width?: number): Promise<Snapshot> {
    let byWidth = this.jpegCache.get(fragment);
    if (!byWidth) this.jpegCache.set(fragment, (byWidth = new Map<number, Promise<Buffer>>()));
    let pending = byWidth.get(width ?? 0);
    if (!pending) {
      const snap = this.options.snapshot;
      const run = (ffmpegPath: string) =>
        encodeJpeg(init.data, fragment.data, { ffmpegPath, width, quality: snap?.quality, timeoutMs: snap?.timeoutMs, clock: this.ctx.timers });
      pending = this.limiter.run(async () => {
        const binary = this.snapshotFfmpeg;
        try {
          return await run(binary);
        } catch (error) {
          if (binary === this.options.ffmpegPath) throw error;
          const jpeg = await run(this.options.ffmpegPath); // the snapshot binary is unusable here: stop using it
          this.ctx.logger.warn({ ffmpeg: binary, error: String(error) }, 'snapshot ffmpeg failed, using the main ffmpeg');
          this.snapshotFfmpeg = this.options.ffmpegPath;
          return jpeg;
        }
      });
      byWidth.set(width ?? 0, pending);
      pending.catch(() => byWidth.delete(width ?? 0));
    }
    return pending.then((jpeg) => ({ jpeg, stream, capturedAt: fragment.receivedAt, from }));
  }

  private entry(camera: string): CameraEntry {
    const entry = this.cameras.get(camera);
    if (!entry) throw new MediaError('CAMERA_NOT_FOUND', `unknown camera ${camera}`, { camera });
    return entry;
  }

  private streamOf(entry: CameraEntry, stream: StreamName): CameraStream {
    const found = entry.streams.get(stream);
    if (!found) throw new MediaError('STREAM_NOT_FOUND', `camera ${entry.config.name} has no ${stream} stream`, { camera: entry.config.name, stream });
    return found;
  }
}
