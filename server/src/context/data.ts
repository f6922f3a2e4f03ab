import { resolve } from 'node:path';
import { openDatabase, type OpenDatabase } from '../db/database.js';
import { applyPendingRestore } from '../backup/restore-swap.js';
import { ConfigRepository } from '../repositories/config.repository.js';
import { DashboardLayoutRepository } from '../repositories/dashboard-layout.repository.js';
import { DiskRepository } from '../repositories/disk.repository.js';
import { FileRepository } from '../repositories/file.repository.js';
import { NotificationRepository } from '../repositories/notification.repository.js';
import { PhotoRepository } from '../repositories/photo.repository.js';
import { PushSubscriptionRepository } from '../repositories/push-subscription.repository.js';
import { RecordingFilesRepository } from '../repositories/recording-files.repository.js';
import type { RecordingRepository } from '../repositories/recording.repository.js';
import { RoomRepository } from '../repositories/room.repository.js';
import { SessionRepository } from '../repositories/session.repository.js';
import { UserRepository } from '../repositories/user.repository.js';
import { VapidKeyRepository } from '../repositories/vapid-key.repository.js';
import { WebAssetsRepository } from '../repositories/web-assets.repository.js';
import { ConfigService } from '../services/config.service.js';
import { RecordingsDirectory } from '../services/recordings-directory.js';

/**
 * A restore staged before the restart is swapped in first (nothing of the old data is open yet); then config.json
 * (a bad file fails before anything is opened) and the database.
 */
export async function openData(dataDir: string) {
  const startupRestore = await applyPendingRestore(dataDir);
  const config = await ConfigService.load(new ConfigRepository(dataDir));
  return { startupRestore, config, database: await openDatabase(dataDir) };
}

/**
 * The recordings directory under the path rules, following config.json. Rows from before 0005 have no root: they
 * were written under the configured directory (if the path was changed before upgrading, those older rows stay
 * unreachable as they were; guessing their directory is out of scope). Filled first, so they count as HomeCam's.
 */
export async function openRecordingsDir(config: ConfigService, rows: RecordingRepository, dataDir: string): Promise<RecordingsDirectory> {
  const directory = new RecordingsDirectory({ disk: new DiskRepository(), recordings: rows, dataDir });
  await rows.fillMissingRoot(resolve(config.get().recordings.path ?? directory.defaultPath));
  await directory.bindTo(config);
  return directory;
}

/** One repository per table and per side effect, over the open database and the data directory. */
export function createRepositories(database: OpenDatabase, dirs: { dataDir: string; webDir: string; recordings: RecordingsDirectory }, recordings: RecordingRepository) {
  const photos = new PhotoRepository(dirs.dataDir);
  const files = new FileRepository();
  files.register({ dir: photos.dir, claims: (name) => /\.(?:jpg|png|webp|gif)$/i.test(name) });
  return {
    users: new UserRepository(database.db),
    sessions: new SessionRepository(database.db),
    notifications: new NotificationRepository(database.db),
    photos,
    files,
    webAssets: new WebAssetsRepository(dirs.webDir),
    rooms: new RoomRepository(database.db),
    recordings,
    // Read on every use: a changed `recordings.path` (once it passed the rules) applies to the next clip.
    recordingFiles: new RecordingFilesRepository(() => dirs.recordings.dir),
    pushSubscriptions: new PushSubscriptionRepository(database.db),
    vapidKeys: new VapidKeyRepository(database.db),
    dashboardLayouts: new DashboardLayoutRepository(database.db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
