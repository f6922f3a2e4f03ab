import type { OpenDatabase } from '../db/database.js';
import type { ScanLimits } from '../backup/archive-scan.js';
import type { applyPendingRestore } from '../backup/restore-swap.js';
import type { EventBus } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import type { PhotoRepository } from '../repositories/photo.repository.js';
import { BackupService } from '../services/backup.service.js';
import type { ConfigService } from '../services/config.service.js';
import type { NotificationService } from '../services/notification.service.js';
import type { RecordingsDirectory } from '../services/recordings-directory.js';

/** Backups: archives from the live data, restores staged for the next start, the daily copy. */
export function createBackup(
  parts: { options: { dataDir: string; backupLimits?: ScanLimits | undefined }; photos: PhotoRepository; recordingsDir: RecordingsDirectory; database: OpenDatabase; config: ConfigService; notifications: NotificationService; bus: EventBus; clock: Clock },
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
