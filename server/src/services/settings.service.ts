import type {
  NotificationSettings,
  NotificationSettingsPatch,
  RecordingDisk,
  RecordingSettings,
  RecordingSettingsPatch,
  ValidationIssue,
} from '@homecam/shared';
import { isAbsolute, join } from 'node:path';
import { AppError } from '../errors/app-error.js';
import type { DiskRepository } from '../repositories/disk.repository.js';
import type { RecordingRepository } from '../repositories/recording.repository.js';
import type { ConfigService } from './config.service.js';

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

  async patchRecordings(patch: RecordingSettingsPatch): Promise<RecordingSettings> {
    if (patch.path !== undefined) await this.checkPath(patch.path);
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

  /** An absolute path, created when missing, that this process can write to. */
  private async checkPath(path: string): Promise<void> {
    if (!isAbsolute(path)) throw invalid({ path: 'path', message: 'PATH_NOT_ABSOLUTE' });
    if (!(await this.deps.disk.ensureWritableDir(path))) throw invalid({ path: 'path', message: 'PATH_NOT_WRITABLE' });
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
