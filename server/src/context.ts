import { join, resolve } from 'node:path';
import type { DestinationStream } from 'pino';
import { openDatabase, type OpenDatabase } from './db/database.js';
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
import { UserRepository } from './repositories/user.repository.js';
import { WebAssetsRepository } from './repositories/web-assets.repository.js';
import { DashboardLayoutRepository } from './repositories/dashboard-layout.repository.js';
import { PasswordHasher, type PasswordHashOptions } from './security/password-hasher.js';
import { generateVapidKeys } from './security/vapid-keys.js';
import { AuthService } from './services/auth.service.js';
import { CameraEventService } from './services/camera-event.service.js';
import { CameraService } from './services/camera.service.js';
import { ConfigService } from './services/config.service.js';
import { FileService } from './services/file.service.js';
import { LoginThrottle, type LoginThrottleOptions } from './services/login-throttle.js';
import { AccountPacer, type AccountPacerOptions } from './services/account-pacer.js';
import { NotificationService } from './services/notification.service.js';
import { PushService } from './services/push.service.js';
import { RecordingService } from './services/recording.service.js';
import { RecordingsDirectory } from './services/recordings-directory.js';
import { RoomService } from './services/room.service.js';
import { SettingsService } from './services/settings.service.js';
import { PhotoEncoder } from './repositories/photo-encoder.repository.js';
import { UserPhotoService } from './services/user-photo.service.js';
import { UserService } from './services/user.service.js';
import { DashboardService } from './services/dashboard.service.js';
import { createPublicFetch } from './outbound/fetch-public.js';
import { FeedService } from './services/feed.service.js';
import { FetchBudget } from './services/fetch-budget.js';
import { WeatherService } from './services/weather.service.js';
import { secretsOf } from './logs/config-secrets.js';
import type { LogFileOptions } from './logs/log-file.js';
import { LogHub } from './logs/log-hub.js';
import { applyPendingRestore } from './backup/restore-swap.js';
import { BackupService } from './services/backup.service.js';
import type { ScanLimits } from './backup/archive-scan.js';
import { AlertChannelSettingsService } from './services/alert-channel-settings.service.js';
import { WebhookSecretRepository } from './repositories/webhook-secret.repository.js';

export interface ContextOptions {
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
  /**
   * Tests only: which resolved addresses a feed URL may not reach (default: every internal one, isInternalAddress),
   * so a test can let the local fake feed server count as public. Never set by main.ts.
   */
  feedAddressRefused?: ((address: string) => boolean) | undefined;
  /** Tests only: a shorter time-out for the widgets' outgoing fetches (default 8 s). */
  widgetFetchTimeoutMs?: number | undefined;
  /** Where the JSON log lines go besides the ring and the file (default stdout); tests capture them. */
  logStream?: DestinationStream | undefined;
  /** Rotation of <data>/logs/homecam.log (tests make it small); `false` = no file. */
  logFile?: Partial<Omit<LogFileOptions, 'dir'>> | false | undefined;
  /** Backup archive limits (tests lower them). */
  backupLimits?: ScanLimits | undefined;
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
  /** Every log record, scrubbed: stdout, the in-memory ring, <data>/logs/homecam.log and the admins' console. */
  logs: LogHub;
  backup: BackupService;
  /** Webhook and Alexa channel settings, and the webhook's signing secret (issue 9). */
  alertSettings: AlertChannelSettingsService;
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

/** Backups: archives from the live data, restores staged for the next start, the daily copy. */
function createBackup(
  parts: { options: ContextOptions; photos: PhotoRepository; recordingsDir: RecordingsDirectory; database: OpenDatabase; config: ConfigService; notifications: NotificationService; bus: EventBus; clock: Clock },
  startupRestore: Awaited<ReturnType<typeof applyPendingRestore>>,
): BackupService {
  return new BackupService({
    dataDir: parts.options.dataDir,
    photosDir: parts.photos.dir,
    recordingsDir: () => parts.recordingsDir.dir,
    copyDatabase: (destination) => parts.database.backup(destination),
    config: parts.config,
    notifications: parts.notifications,
    bus: parts.bus,
    clock: parts.clock,
    startupRestore,
    limits: parts.options.backupLimits,
  });
}

/**
 * A restore staged before the restart is swapped in first (nothing of the old data is open yet); then config.json
 * (a bad file fails before anything is opened) and the database.
 */
async function openData(dataDir: string) {
  const startupRestore = await applyPendingRestore(dataDir);
  const config = await ConfigService.load(new ConfigRepository(dataDir));
  return { startupRestore, config, database: await openDatabase(dataDir) };
}

/**
 * Loads config.json first (a bad file fails before anything is opened), then the database, then the services.
 * Also runs the first-start step: with no users, the `master` account is created.
 */
export async function createContext(options: ContextOptions): Promise<AppContext> {
  const { startupRestore, config, database } = await openData(options.dataDir);
  try {
    const clock = options.clock ?? systemClock;
    const bus = new EventBus();
    const hasher = new PasswordHasher(options.passwordHashing);
    const photos = new PhotoRepository(options.dataDir);
    const files = new FileRepository();
    const recordingRows = new RecordingRepository(database.db);
    const recordingsDir = await openRecordingsDir(config, recordingRows, options.dataDir);
    files.register({ dir: photos.dir, claims: (name) => /\.(?:jpg|png|webp|gif)$/i.test(name) });
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
      pacer: new AccountPacer(clock, options.accountPacing),
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
      ...{ recordingsDir, logs: createLogHub(config, options), ...widgetServices(config, clock, options) },
      backup: createBackup({ options, photos, recordingsDir, database, config, notifications, bus, clock }, startupRestore),
      dashboard: new DashboardService({ layouts: repositories.dashboardLayouts, clock }),
      alertSettings: new AlertChannelSettingsService(config, new WebhookSecretRepository(options.dataDir)),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The log hub, masking config.json's current secrets from the first line on. */
function createLogHub(config: ConfigService, options: ContextOptions): LogHub {
  const file = options.logFile === false ? undefined : { ...options.logFile, dir: join(options.dataDir, 'logs') };
  const logs = new LogHub({ out: options.logStream, file });
  logs.setSecrets(secretsOf(config.get()));
  config.onChange((next) => logs.setSecrets(secretsOf(next)));
  return logs;
}
