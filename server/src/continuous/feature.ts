import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { EventBus } from '../events/event-bus.js';
import type { RoutesApp } from '../http/define-routes.js';
import type { Clock } from '../lib/clock.js';
import type { Consumer } from '../media/index.js';
import type { RecordingFilesRepository } from '../repositories/recording-files.repository.js';
import type { StreamStateListener } from '../services/camera-stream.service.js';
import type { CameraService } from '../services/camera.service.js';
import type { ConfigService } from '../services/config.service.js';
import type { NotificationService } from '../services/notification.service.js';
import type { RecordingService } from '../services/recording.service.js';
import { Activity } from './activity.js';
import { ContinuousRecorder } from './continuous-recorder.js';
import { ExportIndex } from './export-index.js';
import { asIndexDb } from './index-db.js';
import { Exporter } from './exporter.js';
import { FootageService } from './footage-service.js';
import { Previews } from './preview.js';
import { repairSegments } from './repair.js';
import { Retention } from './retention.js';
import { ReviewIndex } from './review-index.js';
import { continuousRoutes } from './routes.js';
import { SegmentIndex } from './segment-index.js';
import type { WriterLog } from './segment-writer.js';
import { cameraCapGB, ContinuousSettingsService, currentSettings } from './settings.js';
import { SegmentStore } from './segment-store.js';

export interface ContinuousLog extends WriterLog {
  error(context: object, message: string): void;
}

export interface ContinuousOptions {
  /** This node's id in the shared index (HOMECAM_NODE_ID; default 'local'). */
  nodeId?: string | undefined;
  /** fsync at least this often while writing (default 2 s): a crash loses at most about this much. */
  syncEveryMs?: number | undefined;
  /** No fragment for this long ends the segment (default 5 s). */
  gapMs?: number | undefined;
  /** How often retention runs (default 60 s); tests drive `retention.run()` themselves. */
  retentionEveryMs?: number | undefined;
}

/** What the module needs, passed in explicitly so it can move with the server's reshaping (issue 18). */
export interface ContinuousDeps {
  db: Kysely<Database>;
  config: ConfigService;
  cameras: CameraService;
  /** A 'recorder' consumer of a camera's hub stream (through the camera stream service). */
  attach: (camera: string, stream: 'main' | 'sub', label: string) => Promise<Consumer>;
  onStreamState: (listener: StreamStateListener) => () => void;
  /** The recordings directory HomeCam owns (segments, previews and exports go under it). */
  files: RecordingFilesRepository;
  recordings: RecordingService;
  notifications: NotificationService;
  bus: EventBus;
  clock: Clock;
  log: ContinuousLog;
  /** An event's recording is open for the camera (the recorder's current clip or span). */
  eventOpen: (camera: string) => boolean;
  ffmpeg: () => string;
  options?: ContinuousOptions | undefined;
}

export type ContinuousModule = ReturnType<typeof createContinuousModule>;
type Parts = ReturnType<typeof buildParts>;

/** A segment never lasts longer than this many target lengths (the cut waits for a keyframe). */
const MAX_SEGMENT_FACTOR = 6;

/** The parts of the feature, built and wired to each other (nothing started). */
function buildParts(deps: ContinuousDeps) {
  const nodeId = deps.options?.nodeId ?? 'local';
  const index = asIndexDb(deps.db);
  const segments = new SegmentIndex(index, nodeId);
  const review = new ReviewIndex(index);
  const maxSegmentMs = () => currentSettings(deps.config).segmentSeconds * 1000 * MAX_SEGMENT_FACTOR + 60_000;
  const store = new SegmentStore(segments, deps.files);
  const activity = new Activity(deps.bus, () => deps.clock.now(), deps.eventOpen);
  const lastEnds = new Map<string, number>();
  const recorder = new ContinuousRecorder({
    nodeId, index: segments, root: () => deps.files.at(deps.files.dir), clock: deps.clock, log: deps.log,
    segmentMs: () => currentSettings(deps.config).segmentSeconds * 1000,
    syncEveryMs: deps.options?.syncEveryMs ?? 2_000, gapMs: deps.options?.gapMs ?? 5_000,
    flags: (camera, start, end) => activity.flags(camera, start, end),
    attach: deps.attach, lastEnds, onSegment: (row) => store.count(row),
  });
  const retention = new Retention({
    index: segments, settings: () => currentSettings(deps.config), usage: () => store.bytes(),
    cameraCapGB: (camera) => cameraCapGB(deps.cameras, deps.config, camera),
    freeBytes: () => deps.files.freeBytes(), remove: (rows) => store.remove(rows), now: () => deps.clock.now(),
    notify: (level, message) => deps.notifications.system(level, 'Continuous recording', message),
  });
  const footage = new FootageService({
    db: deps.db, segments, review, files: deps.files, cameras: deps.cameras, previews: new Previews(deps.ffmpeg), maxSegmentMs,
    live: (camera) => recorder.live(camera),
  });
  const exporter = new Exporter({
    exports: new ExportIndex(index), segments, files: deps.files, nodeId, clock: deps.clock, bus: deps.bus, ffmpeg: deps.ffmpeg, log: deps.log, maxSegmentMs,
  });
  const settings = new ContinuousSettingsService({
    config: deps.config, cameras: deps.cameras, segments, usage: () => store.usage(), freeBytes: () => deps.files.freeBytes(), now: () => deps.clock.now(),
  });
  return { nodeId, segments, review, maxSegmentMs, store, activity, lastEnds, recorder, retention, footage, exporter, settings };
}

/** Every finished event marks its footage (the events tier) and joins or starts a review item. */
function onEvent(deps: ContinuousDeps, parts: Parts) {
  return deps.bus.subscribe('RecordingCompleted', ({ recording }) => {
    const start = Date.parse(recording.startedAt);
    const end = start + recording.durationMs;
    const labels = recording.labels ?? [recording.label];
    void parts.segments
      .markEvent(recording.camera, start, end, parts.maxSegmentMs())
      .then(() => parts.review.addEvent(recording.camera, start, end, labels))
      .catch((error: unknown) => deps.log.warn({ err: error }, 'indexing an event on the timeline failed'));
  });
}

/**
 * 24/7 recording (issue 19) as one feature: the writers, the index, retention, playback, the timeline, review and
 * exports. `start()` repairs what a crash left, then follows the cameras; `routes(app)` adds its HTTP API.
 */
export function createContinuousModule(deps: ContinuousDeps) {
  const parts = buildParts(deps);
  const { nodeId, segments, store, activity, lastEnds, recorder, retention, footage, exporter, review, settings } = parts;
  const unsubscribe: (() => void)[] = [];
  let sweeping: Promise<unknown> = Promise.resolve();

  const sweep = (): void => {
    sweeping = sweeping.then(() => retention.run()).catch((error: unknown) => deps.log.error({ err: error }, 'continuous retention failed'));
  };

  return {
    name: 'continuous',
    recorder, retention, footage, exporter, review, settings, segments,
    usage: () => store.usage(),

    async start(): Promise<void> {
      const repaired = await repairSegments(segments, deps.files, nodeId);
      if (repaired.repaired + repaired.dropped > 0) deps.log.info(repaired, 'continuous segments left by a crash repaired');
      await store.load();
      for (const [camera, end] of await segments.lastEnds()) lastEnds.set(camera, end);
      activity.start();
      deps.recordings.useSpanSource({ file: (row) => footage.spanFile(row) });
      unsubscribe.push(
        onEvent(deps, parts),
        deps.cameras.onChange((cameras) => void recorder.apply(cameras)),
        deps.onStreamState(({ camera, stream, state }) => {
          if (state === 'offline' || state === 'error' || state === 'idle') recorder.outage(camera, stream);
        }),
      );
      await recorder.apply(deps.cameras.list());
      await exporter.start();
      const every = deps.options?.retentionEveryMs ?? 60_000;
      if (every > 0) {
        sweep();
        const timer = setInterval(sweep, every);
        timer.unref();
        unsubscribe.push(() => clearInterval(timer));
      }
    },

    async stop(): Promise<void> {
      for (const off of unsubscribe.splice(0)) off();
      activity.stop();
      deps.recordings.useSpanSource(null);
      await recorder.close();
      await exporter.stop();
      await sweeping;
    },

    routes(app: RoutesApp): Promise<void> {
      return Promise.resolve(app.register(continuousRoutes, { footage, review, exporter, settings, clock: deps.clock })).then(() => undefined);
    },
  };
}
