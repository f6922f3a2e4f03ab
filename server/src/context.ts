import { openDatabase, type OpenDatabase } from './db/database.js';
import { EventBus } from './events/event-bus.js';
import { systemClock, type Clock } from './repositories/clock.js';
import { ConfigRepository } from './repositories/config.repository.js';
import { FileRepository } from './repositories/file.repository.js';
import { NotificationRepository } from './repositories/notification.repository.js';
import { PhotoRepository } from './repositories/photo.repository.js';
import { SessionRepository } from './repositories/session.repository.js';
import { UserRepository } from './repositories/user.repository.js';
import { WebAssetsRepository } from './repositories/web-assets.repository.js';
import { PasswordHasher, type PasswordHashOptions } from './security/password-hasher.js';
import { AuthService } from './services/auth.service.js';
import { ConfigService } from './services/config.service.js';
import { FileService } from './services/file.service.js';
import { LoginThrottle, type LoginThrottleOptions } from './services/login-throttle.js';
import { NotificationService } from './services/notification.service.js';
import { UserPhotoService } from './services/user-photo.service.js';
import { UserService } from './services/user.service.js';

export interface ContextOptions {
  dataDir: string;
  webDir: string;
  adminPassword?: string | undefined;
  clock?: Clock | undefined;
  loginThrottle?: Partial<LoginThrottleOptions> | undefined;
  passwordHashing?: PasswordHashOptions | undefined;
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
  };
  auth: AuthService;
  users: UserService;
  photos: UserPhotoService;
  files: FileService;
  config: ConfigService;
  notifications: NotificationService;
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
    files.register({ dir: photos.dir, claims: (name) => /\.(jpg|png|webp|gif)$/i.test(name) });
    const repositories = {
      users: new UserRepository(database.db),
      sessions: new SessionRepository(database.db),
      notifications: new NotificationRepository(database.db),
      photos,
      files,
      webAssets: new WebAssetsRepository(options.webDir),
    };
    const auth = new AuthService({
      users: repositories.users,
      sessions: repositories.sessions,
      hasher,
      throttle: new LoginThrottle(clock, options.loginThrottle),
      clock,
      bus,
    });
    const users = new UserService({ users: repositories.users, photos, hasher, auth, clock });
    await users.ensureInitialAdmin(options.adminPassword);
    await auth.purgeOldSessions();
    return {
      dataDir: options.dataDir,
      clock,
      bus,
      database,
      repositories,
      auth,
      users,
      photos: new UserPhotoService({ users: repositories.users, photos, clock }),
      files: new FileService(files),
      config,
      notifications: new NotificationService(repositories.notifications),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
