import {
  ALERT_LEVELS,
  type NotificationSettings,
  type NotificationSettingsPatch,
  type RecordingDisk,
  type RecordingSettings,
  type RecordingSettingsPatch,
} from '@homecam/shared';
import { join, resolve } from 'node:path';
import { AppError } from '../errors/app-error.js';
import type { DiskRepository } from '../repositories/disk.repository.js';
import type { RecordingRepository } from '../repositories/recording.repository.js';
import type { ConfigService } from './config.service.js';
import type { RecordingsDirectory } from './recordings-directory.js';

export interface SettingsServiceDeps {
  config: ConfigService;
  recordings: RecordingRepository;
  disk: DiskRepository;
  dataDir: string;
  /** Applies the recordings path rules (the same ones every /api/config write and config.json load obey). */
  directory: RecordingsDirectory;
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
    // Checked here too (config's write rule checks again) so the refusal names this route's field, `path`.
    if (moves && patch.path !== undefined) await this.deps.directory.adopt(patch.path, 'path');
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

  notifications(): NotificationSettings {
    const block = this.deps.config.get().notifications;
    return { active: block.active, removeAfter: block.removeAfter, alertLevels: block.alertLevels };
  }

  async patchNotifications(patch: NotificationSettingsPatch): Promise<NotificationSettings> {
    await this.deps.config.updateSection('notifications', (current) => {
      const next: Record<string, unknown> = { ...(current as Record<string, unknown>) };
      if (patch.active !== undefined) next.active = patch.active;
      if (patch.removeAfter !== undefined) next.removeAfter = patch.removeAfter;
      // Stored once each, in a fixed order, whatever the client sent.
      if (patch.alertLevels !== undefined) next.alertLevels = ALERT_LEVELS.filter((level) => patch.alertLevels?.includes(level));
      return next;
    });
    return this.notifications();
  }
}
