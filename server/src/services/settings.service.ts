import type {
  NotificationSettings,
  NotificationSettingsPatch,
  RecordingDisk,
  RecordingSettings,
  RecordingSettingsPatch,
  ValidationIssue,
} from '@homecam/shared';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { AppError } from '../errors/app-error.js';
import type { DiskRepository } from '../repositories/disk.repository.js';
import type { RecordingRepository } from '../repositories/recording.repository.js';
import type { ConfigService } from './config.service.js';
import { RECORDINGS_MARKER, recordingsPathRefusal } from './recordings-path.js';

export interface SettingsServiceDeps {
  config: ConfigService;
  recordings: RecordingRepository;
  disk: DiskRepository;
  dataDir: string;
}

function invalid(issue: ValidationIssue): AppError {
  return new AppError('VALIDATION_FAILED', 'the settings are not valid', [issue]);
}

/**
 * The recordings and notifications blocks of config.json for the settings pages (spec §2: settings:*:access
 * reads, settings:*:edit writes). Writes go through the ConfigService: validated, atomic, applied live.
 */
export class SettingsService {
  constructor(private readonly deps: SettingsServiceDeps) {}

  private defaultRecordingsPath(): string {
    return join(this.deps.dataDir, 'recordings');
  }

  async recordings(): Promise<RecordingSettings> {
    const block = this.deps.config.get().recordings;
    const path = block.path ?? this.defaultRecordingsPath();
    return {
      active: block.active,
      type: block.type,
      timer: block.timer,
      path,
      removeAfter: block.removeAfter,
      maxSizeGB: block.maxSizeGB ?? null,
      minFreeGB: block.minFreeGB ?? null,
      disk: await this.disk(path),
    };
  }

  private async disk(path: string): Promise<RecordingDisk> {
    const usage = await this.deps.recordings.usage();
    const fs = await this.deps.disk.space(path);
    return { recordingsBytes: usage.bytes, recordingsCount: usage.count, freeBytes: fs?.freeBytes ?? null, totalBytes: fs?.totalBytes ?? null };
  }

  /**
   * `byAdmin`: only an admin moves the directory (HomeCam writes and deletes there); the other fields stay open
   * to settings:recordings:edit. Sending the current path unchanged is not a move.
   */
  async patchRecordings(patch: RecordingSettingsPatch, byAdmin: boolean): Promise<RecordingSettings> {
    const current = this.deps.config.get().recordings.path ?? this.defaultRecordingsPath();
    const moves = patch.path !== undefined && resolve(patch.path) !== resolve(current);
    if (moves && !byAdmin) throw new AppError('RECORDINGS_PATH_ADMIN_ONLY', 'only an admin can change the recordings path');
    if (moves && patch.path !== undefined) await this.adoptPath(patch.path);
    await this.deps.config.updateSection('recordings', (current) => {
      const next: Record<string, unknown> = { ...(current as Record<string, unknown>) };
      for (const key of ['active', 'path', 'removeAfter'] as const) if (patch[key] !== undefined) next[key] = patch[key];
      for (const key of ['maxSizeGB', 'minFreeGB'] as const) {
        if (patch[key] === null) delete next[key];
        else if (patch[key] !== undefined) next[key] = patch[key];
      }
      return next;
    });
    return this.recordings();
  }

  /**
   * An absolute path that may hold recordings (see recordingsPathRefusal; symlinks resolved first), created when
   * missing and writable; the marker file makes it HomeCam's, so changing back to it later is allowed.
   */
  private async adoptPath(path: string): Promise<void> {
    if (!isAbsolute(path)) throw invalid({ path: 'path', message: 'PATH_NOT_ABSOLUTE' });
    const { disk, recordings, dataDir } = this.deps;
    const resolved = await disk.resolve(path);
    let entries: string[] | null;
    try {
      entries = await disk.entries(resolved);
    } catch {
      throw invalid({ path: 'path', message: 'PATH_NOT_WRITABLE' });
    }
    const knownRoot = resolved === (await disk.resolve(this.defaultRecordingsPath())) || (await recordings.hasRoot(path)) || (await recordings.hasRoot(resolved));
    const refusal = recordingsPathRefusal({
      resolved,
      dataDir: await disk.resolve(dataDir),
      reserved: [await disk.resolve(join(dataDir, 'photos'))],
      home: await disk.resolve(homedir()),
      entries,
      knownRoot,
    });
    if (refusal) throw invalid({ path: 'path', message: refusal });
    if (!(await disk.ensureWritableDir(resolved))) throw invalid({ path: 'path', message: 'PATH_NOT_WRITABLE' });
    try {
      await disk.writeFile(join(resolved, RECORDINGS_MARKER), 'This directory holds HomeCam recordings.\n');
    } catch {
      throw invalid({ path: 'path', message: 'PATH_NOT_WRITABLE' });
    }
  }

  notifications(): NotificationSettings {
    const block = this.deps.config.get().notifications;
    return { active: block.active, removeAfter: block.removeAfter };
  }

  async patchNotifications(patch: NotificationSettingsPatch): Promise<NotificationSettings> {
    await this.deps.config.updateSection('notifications', (current) => {
      const next: Record<string, unknown> = { ...(current as Record<string, unknown>) };
      if (patch.active !== undefined) next.active = patch.active;
      if (patch.removeAfter !== undefined) next.removeAfter = patch.removeAfter;
      return next;
    });
    return this.notifications();
  }
}
