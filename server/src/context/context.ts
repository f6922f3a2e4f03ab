import type { FastifyBaseLogger } from 'fastify';
import type { OpenDatabase } from '../db/database.js';
import { EventBus } from '../events/event-bus.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { LogHub } from '../logs/log-hub.js';
import { RecordingRepository } from '../repositories/recording.repository.js';
import { DiskRepository } from '../repositories/disk.repository.js';
import { PasswordHasher, type PasswordHashOptions } from '../security/password-hasher.js';
import { generateVapidKeys } from '../security/vapid-keys.js';
import { AccountPacer, type AccountPacerOptions } from '../services/account-pacer.js';
import { AuthService } from '../services/auth.service.js';
import { CameraEventService } from '../services/camera-event.service.js';
import type { CameraStreamService } from '../services/camera-stream.service.js';
import { CameraService } from '../services/camera.service.js';
import type { ConfigService } from '../services/config.service.js';
import { DashboardService } from '../services/dashboard.service.js';
import type { FeedService } from '../services/feed.service.js';
import { FileService } from '../services/file.service.js';
import { LoginThrottle, type LoginThrottleOptions } from '../services/login-throttle.js';
import { NotificationService } from '../services/notification.service.js';
import { PhotoEncoder } from '../repositories/photo-encoder.repository.js';
import { PushService } from '../services/push.service.js';
import { RecordingService } from '../services/recording.service.js';
import type { RecordingsDirectory } from '../services/recordings-directory.js';
import { RoomService } from '../services/room.service.js';
import { SettingsService } from '../services/settings.service.js';
import { UserPhotoService } from '../services/user-photo.service.js';
import { UserCameraLists } from '../services/user-camera-lists.js';
import { UserService } from '../services/user.service.js';
import type { WeatherService } from '../services/weather.service.js';
import { buildStreams, type MediaOptions } from '../streams/build.js';
import { findFfmpeg } from '../streams/ffmpeg-in-use.js';
import type { RestoreOutcome } from '../backup/restore-swap.js';
import { IntegrationRegistry } from '../integrations/registry.js';
import { createRepositories, openData, openRecordingsDir, type Repositories } from './data.js';
import { openLogs, type LogOptions } from './log.js';
import { widgetServices, type WidgetOptions } from './widgets.js';

export interface ContextOptions extends Omit<LogOptions, 'dataDir'>, WidgetOptions {
  dataDir: string;
  webDir: string;
  adminPassword?: string | undefined;
  clock?: Clock | undefined;
  loginThrottle?: Partial<LoginThrottleOptions> | undefined;
  /** The account-wide pacing of password checks (tests shorten the interval). */
  accountPacing?: Partial<AccountPacerOptions> | undefined;
  passwordHashing?: PasswordHashOptions | undefined;
  /** Accept http:// push endpoints (tests with a loopback push service); browsers' are always https. */
  allowHttpPushEndpoints?: boolean | undefined;
  /** ffmpeg and stream hub settings (tests shorten time-outs). */
  media?: MediaOptions | undefined;
}

/** Everything the modules share, wired once. Tests reach the repositories through it to arrange state. */
export interface AppContext {
  dataDir: string;
  clock: Clock;
  bus: EventBus;
  /** The root logger: each module logs through a child of it (`{ module: '…' }`). */
  log: FastifyBaseLogger;
  database: OpenDatabase;
  repositories: Repositories;
  auth: AuthService;
  users: UserService;
  /** Issue 21: the limited users' camera lists, kept in step with the cameras (followed by the api module). */
  cameraLists: UserCameraLists;
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
  /** Every log record, scrubbed: stdout, the in-memory ring, <data>/logs/homecam.log and the admins' console. */
  logs: LogHub;
  /** What the restore step did at this start, before anything opened (the backup module reports it). */
  startupRestore: RestoreOutcome;
  /** Every integration on the plugins page (triggers, notifiers, analysis): each module registers its own. */
  integrations: IntegrationRegistry;
  /**
   * Every camera's streams: one stream hub with the ffmpeg found once, built here and started by the streams
   * module, so each module that watches or snapshots a camera gets it as a constructor argument.
   */
  streams: CameraStreamService;
}

/**
 * Loads config.json first (a bad file fails before anything is opened), then the database, the logs, ffmpeg and
 * the services. Also runs the first-start step: with no users, the `master` account is created.
 */
export async function createContext(options: ContextOptions): Promise<AppContext> {
  const { startupRestore, config, database } = await openData(options.dataDir);
  try {
    const clock = options.clock ?? systemClock;
    const { logs, log } = openLogs(config, options);
    // config.json was read before the logger could exist (its level is in it); the bus is made after it.
    config.onListenerError = (error) => log.error({ err: error }, 'config change listener failed');
    const bus = new EventBus((error, event) => log.error({ err: error, event }, 'event listener failed'));
    const recordingRows = new RecordingRepository(database.db);
    const recordingsDir = await openRecordingsDir(config, recordingRows, options.dataDir);
    const repositories = createRepositories(database, { ...options, recordings: recordingsDir }, recordingRows);
    const cameras = new CameraService(config);
    const cameraLists = new UserCameraLists({ users: repositories.users, cameras, bus, clock });
    const { auth, users } = openAccounts(repositories, clock, bus, options, cameraLists);
    await users.ensureInitialAdmin(options.adminPassword, config.get().cameras.length > 0);
    await auth.purgeOldSessions();
    const cameraEvents = new CameraEventService({ cameras, config, bus, clock });
    const notifications = new NotificationService({ notifications: repositories.notifications, bus, clock, config, cameras });
    const recordings = new RecordingService({ recordings: repositories.recordings, files: repositories.recordingFiles, notifications, config, bus, clock });
    const mediaLog = log.child({ module: 'media' });
    const ffmpeg = await findFfmpeg(options.media?.ffmpegPath ?? config.get().options.videoProcessor ?? null, mediaLog);
    const widgets = widgetServices(config, clock, options);
    return {
      dataDir: options.dataDir,
      clock,
      bus,
      log,
      logs,
      database,
      repositories,
      auth,
      users,
      cameraLists,
      // Uploaded photos are re-encoded with the ffmpeg the streams use.
      photos: new UserPhotoService({ users: repositories.users, photos: repositories.photos, clock, encoder: new PhotoEncoder({ ffmpegPath: ffmpeg.path }) }),
      files: new FileService(repositories.files),
      config,
      notifications,
      cameras,
      rooms: new RoomService({ rooms: repositories.rooms, cameras, clock }),
      cameraEvents,
      recordings,
      push: new PushService({ subscriptions: repositories.pushSubscriptions, keys: repositories.vapidKeys, generateKeys: generateVapidKeys, clock, bus, config, allowHttpEndpoints: options.allowHttpPushEndpoints }),
      settings: new SettingsService({ config, recordings: repositories.recordings, disk: new DiskRepository(), dataDir: options.dataDir, directory: recordingsDir }),
      recordingsDir,
      weather: widgets.weather,
      feeds: widgets.feeds,
      startupRestore,
      integrations: new IntegrationRegistry(),
      dashboard: new DashboardService({ layouts: repositories.dashboardLayouts, clock }),
      streams: buildStreams({ cameras, cameraEvents, bus, clock }, ffmpeg, mediaLog, options.media),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Sign-in and accounts: password hashing, throttling and pacing of password checks, sessions, users. */
function openAccounts(repositories: Repositories, clock: Clock, bus: EventBus, options: ContextOptions, cameraLists: UserCameraLists): Pick<AppContext, 'auth' | 'users'> {
  const hasher = new PasswordHasher(options.passwordHashing);
  const auth = new AuthService({
    users: repositories.users,
    sessions: repositories.sessions,
    hasher,
    throttle: new LoginThrottle(clock, options.loginThrottle),
    pacer: new AccountPacer(clock, options.accountPacing),
    clock,
    bus,
  });
  const users = new UserService({ users: repositories.users, photos: repositories.photos, hasher, auth, clock, bus, cameraLists });
  return { auth, users };
}
