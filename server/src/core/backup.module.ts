import type { ScanLimits } from '../backup/archive-scan.js';
import type { AppContext } from '../context/context.js';
import { automaticBackupRoutes, backupRoutes } from '../http/backup/backup.routes.js';
import { registerAll, type HomecamModule } from '../runtime/module.js';
import { BackupService } from '../services/backup.service.js';

export interface BackupModuleOptions {
  /** Backup archive limits (tests lower them). */
  backupLimits?: ScanLimits | undefined;
}

/**
 * Backups: archives of the live data to download, restores staged for the next start (the context swapped a
 * staged one in before anything opened: its outcome is reported here), and the daily database copy.
 */
export function backupModule(
  ctx: Pick<AppContext, 'dataDir' | 'repositories' | 'recordingsDir' | 'database' | 'config' | 'notifications' | 'bus' | 'clock' | 'log' | 'startupRestore'>,
  options: BackupModuleOptions = {},
): HomecamModule {
  const backup = new BackupService({
    dataDir: ctx.dataDir,
    photosDir: ctx.repositories.photos.dir,
    recordingsDir: () => ctx.recordingsDir.dir,
    copyDatabase: (destination) => ctx.database.backup(destination),
    config: ctx.config,
    notifications: ctx.notifications,
    bus: ctx.bus,
    clock: ctx.clock,
    startupRestore: ctx.startupRestore,
    limits: options.backupLimits,
    onError: (error) => ctx.log.error({ err: error }, 'backup failed'),
  });
  return {
    name: 'backup',
    start: () => backup.start(),
    stop: () => backup.stop(),
    routes: (app) =>
      registerAll(app, [
        (app) => app.register(backupRoutes, { backup, bus: ctx.bus }),
        (app) => app.register(automaticBackupRoutes, { backup, bus: ctx.bus }),
      ]),
  };
}
