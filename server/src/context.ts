import { resolve } from 'node:path';
import { openDatabase, type OpenDatabase } from './db/database.js';
import {
  probeFfmpegVersion,
  selectFfmpeg,
  StreamHub,
  type MediaLogger,
  type QueueLimits,
  type FfmpegVersion,
  type StreamHubOptions,
} from './media/index.js';
import { EventBus } from './events/event-bus.js';
import { systemClock, type Clock } from './lib/clock.js';
import { ConfigRepository } from './repositories/config.repository.js';
import { DiskRepository } from './repositories/disk.repository.js';
import { FileRepository } from './repositories/file.repository.js';
import { NotificationRepository } from './repositories/notification.repository.js';
import { RecordingFilesRepository } from './repositories/recording-files.repository.js';
import { RecordingRepository } from './repositories/recording.repository.js';
import { RoomRepository } from './repositories/room.repository.js';
import { PhotoRepository } from './repositories/photo.repository.js';
import { PushSubscriptionRepository } from './repositories/push-subscription.repository.js';
import { VapidKeyRepository } from './repositories/vapid-key.repository.js';
import { SessionRepository } from './repositories/session.repository.js';
import { StillImageRepository } from './repositories/still-image.repository.js';
import { UserRepository } from './repositories/user.repository.js';
import { WebAssetsRepository } from './repositories/web-assets.repository.js';
import { DashboardLayoutRepository } from './repositories/dashboard-layout.repository.js';
import { PasswordHasher, type PasswordHashOptions } from './security/password-hasher.js';
import { generateVapidKeys } from './security/vapid-keys.js';
import { AuthService } from './services/auth.service.js';
import { CameraEventService } from './services/camera-event.service.js';
import { CameraStreamService } from './services/camera-stream.service.js';
import { MotionManager } from './motion/index.js';
import { CameraService } from './services/camera.service.js';
import { ConfigService } from './services/config.service.js';
import { FileService } from './services/file.service.js';
import { LoginThrottle, type LoginThrottleOptions } from './services/login-throttle.js';
import { NotificationService } from './services/notification.service.js';
import { PushService } from './services/push.service.js';
import { RecordingService } from './services/recording.service.js';
import { RecordingsDirectory } from './services/recordings-directory.js';
import { RoomService } from './services/room.service.js';
import { SettingsService } from './services/settings.service.js';
import { PhotoEncoder } from './services/photo-encoder.js';
import { UserPhotoService } from './services/user-photo.service.js';
import { UserService } from './services/user.service.js';
import { DashboardService } from './services/dashboard.service.js';
import { createPublicFetch } from './outbound/fetch-public.js';
import { FeedService } from './services/feed.service.js';
import { FetchBudget } from './services/fetch-budget.js';
import { WeatherService } from './services/weather.service.js';

export interface ContextOptions {
  dataDir: string;
  webDir: string;
  adminPassword?: string | undefined;
  clock?: Clock | undefined;
  loginThrottle?: Partial<LoginThrottleOptions> | undefined;
  passwordHashing?: PasswordHashOptions | undefined;
  /** Accept http:// push endpoints (tests with a loopback push service); browsers' are always https. */
  allowHttpPushEndpoints?: boolean | undefined;
  /**
   * Tests only: which resolved addresses a feed URL may not reach (default: every internal one, isInternalAddress),
   * so a test can let the local fake feed server count as public. Never set by main.ts.
   */
  feedAddressRefused?: ((address: string) => boolean) | undefined;
  /** Tests only: a shorter time-out for the widgets' outgoing fetches (default 8 s). */
  widgetFetchTimeoutMs?: number | undefined;
}

/** Everything the app is made of, wired once. Tests reach the repositories through it to arrange state. */
export interface AppContext {
  dataDir: string;
  clock: Clock;
  bus: EventBus;
  database: OpenDatabase;
  repositories: {
    users: UserRepository;
    sessions: SessionRepository;
    notifications: NotificationRepository;
    photos: PhotoRepository;
    files: FileRepository;
    webAssets: WebAssetsRepository;
    rooms: RoomRepository;
    recordings: RecordingRepository;
    recordingFiles: RecordingFilesRepository;
    pushSubscriptions: PushSubscriptionRepository;
    vapidKeys: VapidKeyRepository;
    dashboardLayouts: DashboardLayoutRepository;
  };
  auth: AuthService;
  users: UserService;
  photos: UserPhotoService;
  files: FileService;
  config: ConfigService;
  notifications: NotificationService;
  cameras: CameraService;
  rooms: RoomService;
  cameraEvents: CameraEventService;
  recordings: RecordingService;
  push: PushService;
  settings: SettingsService;
  /** The recordings path rules, and the directory new recordings go to (the default while config.json's is refused). */
  recordingsDir: RecordingsDirectory;
  dashboard: DashboardService;
  /** Dashboard widgets' outgoing fetches (issue 8). */
  weather: WeatherService;
  feeds: FeedService;
}

/**
 * The recordings directory under the path rules, following config.json. Rows from before 0005 have no root: they
 * were written under the configured directory (if the path was changed before upgrading, those older rows stay
 * unreachable as they were; guessing their directory is out of scope). Filled first, so they count as HomeCam's.
 */
async function openRecordingsDir(config: ConfigService, rows: RecordingRepository, dataDir: string): Promise<RecordingsDirectory> {
  const directory = new RecordingsDirectory({ disk: new DiskRepository(), recordings: rows, dataDir });
  await rows.fillMissingRoot(resolve(config.get().recordings.path ?? directory.defaultPath));
  await directory.bindTo(config);
  return directory;
}

/** Weather and feeds share one per-user budget of uncached fetches; feeds never reach internal hosts (but in tests). */
function widgetServices(config: ConfigService, clock: Clock, options: ContextOptions): Pick<AppContext, 'weather' | 'feeds'> {
  const budget = new FetchBudget(clock);
  const fetch = createPublicFetch();
  const feedFetch = options.feedAddressRefused ? createPublicFetch({ isRefused: options.feedAddressRefused }) : fetch;
  const timeoutMs = options.widgetFetchTimeoutMs;
  return {
    weather: new WeatherService({ config, fetch, budget, clock, timeoutMs }),
    feeds: new FeedService({ fetch: feedFetch, budget, clock, timeoutMs }),
  };
}

/**
 * Loads config.json first (a bad file fails before anything is opened), then the database, then the services.
 * Also runs the first-start step: with no users, the `master` account is created.
 */
export async function createContext(options: ContextOptions): Promise<AppContext> {
  const config = await ConfigService.load(new ConfigRepository(options.dataDir));
  const database = await openDatabase(options.dataDir);
  try {
    const clock = options.clock ?? systemClock;
    const bus = new EventBus();
    const hasher = new PasswordHasher(options.passwordHashing);
    const photos = new PhotoRepository(options.dataDir);
    const files = new FileRepository();
    const recordingRows = new RecordingRepository(database.db);
    const recordingsDir = await openRecordingsDir(config, recordingRows, options.dataDir);
    files.register({ dir: photos.dir, claims: (name) => /\.(jpg|png|webp|gif)$/i.test(name) });
    const repositories = {
      users: new UserRepository(database.db),
      sessions: new SessionRepository(database.db),
      notifications: new NotificationRepository(database.db),
      photos,
      files,
      webAssets: new WebAssetsRepository(options.webDir),
      rooms: new RoomRepository(database.db),
      recordings: recordingRows,
      // Read on every use: a changed `recordings.path` (once it passed the rules) applies to the next clip.
      recordingFiles: new RecordingFilesRepository(() => recordingsDir.dir),
      pushSubscriptions: new PushSubscriptionRepository(database.db),
      vapidKeys: new VapidKeyRepository(database.db),
      dashboardLayouts: new DashboardLayoutRepository(database.db),
    };
    const auth = new AuthService({
      users: repositories.users,
      sessions: repositories.sessions,
      hasher,
      throttle: new LoginThrottle(clock, options.loginThrottle),
      clock,
      bus,
    });
    const users = new UserService({ users: repositories.users, photos, hasher, auth, clock, bus });
    await users.ensureInitialAdmin(options.adminPassword, config.get().cameras.length > 0);
    await auth.purgeOldSessions();
    const cameras = new CameraService(config);
    const notifications = new NotificationService({ notifications: repositories.notifications, bus, clock, config, cameras });
    const recordings = new RecordingService({ recordings: repositories.recordings, files: repositories.recordingFiles, notifications, config, bus, clock });
    return {
      dataDir: options.dataDir,
      clock,
      bus,
      database,
      repositories,
      auth,
      users,
      photos: new UserPhotoService({ users: repositories.users, photos, clock, encoder: new PhotoEncoder() }),
      files: new FileService(files),
      config,
      notifications,
      cameras,
      rooms: new RoomService({ rooms: repositories.rooms, cameras, clock }),
      cameraEvents: new CameraEventService({ cameras, config, bus, clock }),
      recordings,
      push: new PushService({
        subscriptions: repositories.pushSubscriptions,
        keys: repositories.vapidKeys,
        generateKeys: generateVapidKeys,
        clock,
        bus,
        config,
        allowHttpEndpoints: options.allowHttpPushEndpoints,
      }),
      settings: new SettingsService({ config, recordings: repositories.recordings, disk: new DiskRepository(), dataDir: options.dataDir, directory: recordingsDir }),
      recordingsDir, ...widgetServices(config, clock, options), // one line: this function is at the 80-line limit
      dashboard: new DashboardService({ layouts: repositories.dashboardLayouts, clock }),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

export interface MediaOptions {
  /** ffmpeg to use; default config.json `options.videoProcessor`, then FFMPEG_PATH, PATH, the bundled binary. */
  ffmpegPath?: string | undefined;
  /** Hub tuning (tests shorten the idle time-out and the backoff). */
  hub?: Partial<Omit<StreamHubOptions, 'ffmpegPath' | 'ffmpegMajor' | 'logger'>> | undefined;
  snapshotWaitMs?: number | undefined;
  snapshotCacheMs?: number | undefined;
  viewerQueue?: QueueLimits | undefined;
}

/** `ffmpeg -version` once per binary and process: every app (and test app) would otherwise pay ~50 ms. */
const versions = new Map<string, Promise<FfmpegVersion>>();

async function findFfmpeg(configured: string | null, log: MediaLogger): Promise<{ path: string; major: number | null }> {
  try {
    const probe = (path: string): Promise<FfmpegVersion> => {
      let probed = versions.get(path);
      if (!probed) versions.set(path, (probed = probeFfmpegVersion(path)));
      probed.catch(() => versions.delete(path));
      return probed;
    };
    // Checks that the configured program answers as ffmpeg (config.json is admin-writable), warns on the bundled one.
    const found = await selectFfmpeg({ configuredPath: configured, log, probe });
    log.debug({ ffmpeg: found.path, origin: found.origin, version: found.version.banner }, 'ffmpeg found');
    return { path: found.path, major: found.version.major };
  } catch (error) {
    // Start anyway: the cameras report FFMPEG_UNAVAILABLE, everything else works.
    log.error({ error: error instanceof Error ? error.message : String(error) }, 'ffmpeg is not available');
    return { path: 'ffmpeg', major: null };
  }
}

/**
 * The stream hub over the cameras of config.json, with ffmpeg from `options.videoProcessor` (then FFMPEG_PATH,
 * PATH, the bundled binary). Started: the cameras are handed over and followed from now on.
 */
export async function createStreams(
  ctx: Pick<AppContext, 'cameras' | 'config' | 'bus' | 'clock' | 'cameraEvents' | 'photos'>,
  log: MediaLogger,
  options: MediaOptions = {},
): Promise<CameraStreamService> {
  const ffmpeg = await findFfmpeg(options.ffmpegPath ?? ctx.config.get().options.videoProcessor ?? null, log);
  ctx.photos.useFfmpeg(ffmpeg.path); // uploaded photos are re-encoded with the same ffmpeg
  const hub = new StreamHub({ ...options.hub, ffmpegPath: ffmpeg.path, ffmpegMajor: ffmpeg.major, logger: log });
  // Motion detection of cameras with video analysis on: detected motion goes through the same rules as every
  // trigger (disabled, privacy mode, At Home), and the detector's dwell and timeouts decide when it ends.
  const motion = new MotionManager({ hub, ffmpegPath: ffmpeg.path, ffmpegMajor: ffmpeg.major, logger: log });
  motion.on('motionStarted', ({ camera }) => void ctx.cameraEvents.motionStart(camera, 'motion'));
  motion.on('motionEnded', ({ camera }) => void ctx.cameraEvents.motionReset(camera, 'motion'));
  const streams = new CameraStreamService({
    hub,
    motion,
    cameras: ctx.cameras,
    stills: new StillImageRepository({ ffmpegPath: ffmpeg.path, ffmpegMajor: ffmpeg.major }),
    bus: ctx.bus,
    clock: ctx.clock,
    log,
    snapshotWaitMs: options.snapshotWaitMs,
    snapshotCacheMs: options.snapshotCacheMs,
    viewerQueue: options.viewerQueue,
  });
  await streams.start();
  return streams;
}
