import {
  APP_VERSION,
  backupLocalStorageSchema,
  type AutomaticBackup,
  type BackupLocalStorage,
  type RestoreResponse,
} from '@homecam/shared';
import type { Readable } from 'node:stream';
import { createArchive } from '../backup/archive-writer.js';
import type { ScanLimits } from '../backup/archive-scan.js';
import { DailyBackup } from '../backup/daily-backup.js';
import { redactConfig } from '../backup/redact.js';
import { limitConfig, type CameraLimit } from '../backup/camera-limit.js';
import { cameraFolder } from '../repositories/recording-files.repository.js';
import { CameraScope } from './camera-scope.js';
import type { RestoreOutcome } from '../backup/restore-swap.js';
import { removeStaleWork, stageRestore } from '../backup/restore-stage.js';
import { AppError } from '../errors/app-error.js';
import type { EventBus } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import type { ConfigService } from './config.service.js';
import type { NotificationService } from './notification.service.js';

export interface BackupServiceDeps {
  dataDir: string;
  photosDir: string;
  recordingsDir: () => string;
  copyDatabase: (destination: string) => Promise<void>;
  config: ConfigService;
  notifications: NotificationService;
  bus: EventBus;
  clock: Clock;
  /** What the restore step did at this start (before the database opened). */
  startupRestore: RestoreOutcome;
  /** Archive limits (tests lower them). */
  limits?: ScanLimits | undefined;
  /** A failed daily copy or restore, besides its ERROR notification (the log). */
  onError?: ((error: Error) => void) | undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** homecam-backup-YYYYMMDD-HHmm.tar.gz in server local time. */
export function archiveFileName(at: Date): string {
  return `homecam-backup-${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}.tar.gz`;
}

function parseLocalStorage(text: string | undefined): BackupLocalStorage {
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new AppError('VALIDATION_FAILED', 'localStorage is not JSON', [{ path: 'localStorage', message: 'not JSON' }]);
  }
  const parsed = backupLocalStorageSchema.safeParse(value);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'localStorage has unknown keys or too long values', [{ path: 'localStorage', message: parsed.error.issues[0]?.message ?? 'invalid' }]);
  return parsed.data;
}

/**
 * Backup archives (admins get everything; other backup:download users an archive without secrets, hashes,
 * sessions or push keys), restores (staged now, swapped in at the restart), and the daily database copy.
 */
export class BackupService {
  readonly daily: DailyBackup;

  constructor(private readonly deps: BackupServiceDeps) {
    this.daily = new DailyBackup({
      dataDir: deps.dataDir,
      clock: deps.clock,
      copyDatabase: deps.copyDatabase,
      onFailure: (error) => void this.fail('Automatic backup failed', `The daily database backup could not be written: ${error instanceof Error ? error.message : String(error)}`),
    });
  }

  /** Reports the outcome of a restore applied at this start, and arms the daily copy. */
  async start(): Promise<void> {
    await removeStaleWork(this.deps.dataDir);
    const outcome = this.deps.startupRestore;
    if (outcome.status === 'rolled-back') await this.fail('Restore failed', `The backup could not be put in place and the previous data was kept: ${outcome.error}`);
    this.daily.start();
  }

  stop(): Promise<void> {
    return this.daily.stop();
  }

  private async fail(title: string, message: string): Promise<void> {
    this.deps.onError?.(new Error(message));
    await this.deps.notifications.system('ERROR', title, message).catch(() => undefined);
  }

  /** `scope` (issue 21): the archive of a user limited to some cameras holds only those cameras' data. */
  async download(options: { isAdmin: boolean; recordings: boolean; localStorage: string | undefined; scope?: CameraScope }): Promise<{ stream: Readable; fileName: string }> {
    const localStorage = parseLocalStorage(options.localStorage);
    const raw = JSON.parse(await this.deps.config.raw()) as unknown;
    const now = new Date(this.deps.clock.now());
    const cameraLimit = this.cameraLimit(options.scope);
    const config = options.isAdmin ? raw : redactConfig(raw);
    const { stream } = await createArchive({
      dataDir: this.deps.dataDir,
      copyDatabase: this.deps.copyDatabase,
      configText: `${JSON.stringify(cameraLimit ? limitConfig(config as Record<string, unknown>, cameraLimit) : config, null, 2)}\n`,
      cameraLimit,
      photosDir: this.deps.photosDir,
      recordingsDir: options.recordings ? this.deps.recordingsDir() : null,
      redacted: !options.isAdmin,
      includeHomekit: options.isAdmin,
      localStorage,
      version: APP_VERSION,
      now,
    });
    return { stream, fileName: archiveFileName(now) };
  }

  /** Restores run one at a time: each one replaces the staging folder and the journal. */
  private restoring: Promise<unknown> = Promise.resolve();

  /** Validates and stages an uploaded archive (in a worker thread), then asks for the restart that swaps it in. */
  restore(options: {
    upload: Readable;
    truncated: () => boolean;
    /** Called once the file is read: refuses a body with more than the file. */
    uploaded: () => Promise<void>;
    declaredBytes?: number | undefined;
    isAdmin: boolean;
    userId: number;
  }): Promise<RestoreResponse> {
    const run = this.restoring.then(async () => {
      const manifest = await stageRestore({
        dataDir: this.deps.dataDir,
        upload: options.upload,
        truncated: options.truncated,
        uploaded: options.uploaded,
        declaredBytes: options.declaredBytes,
        isAdmin: options.isAdmin,
        restorerId: options.userId,
        liveConfig: JSON.parse(await this.deps.config.raw()) as unknown,
        recordingsDir: this.deps.recordingsDir(),
        now: new Date(this.deps.clock.now()),
        limits: this.deps.limits,
      });
      this.deps.bus.publish('RestartRequested', { reason: 'restore' });
      return { restarting: true as const, localStorage: manifest.localStorage };
    });
    this.restoring = run.catch(() => undefined);
    return run;
  }

  /** The cameras (and their recording folders) a limited caller's backup keeps; null when unlimited. */
  private cameraLimit(scope: CameraScope = CameraScope.ALL): CameraLimit | null {
    const cameras = scope.names(this.deps.config.get().cameras);
    return cameras ? { cameras, folders: cameras.map(cameraFolder) } : null;
  }

  listAutomatic(): Promise<AutomaticBackup[]> {
    return this.daily.list();
  }

  async openAutomatic(name: string, isAdmin: boolean, scope: CameraScope = CameraScope.ALL): Promise<{ stream: Readable; size: number }> {
    const found = await this.daily.open(name, !isAdmin, this.cameraLimit(scope));
    if (!found) throw new AppError('FILE_NOT_FOUND', 'no such automatic backup');
    return found;
  }
}
