import {
  APP_VERSION,
  FFMPEG_ORIGINS,
  type AtHomePatch,
  type AtHomeSettings,
  type SystemDisk,
  type SystemInfo,
  type SystemStatus,
} from '@homecam/shared';
import { CameraScope } from './camera-scope.js';
import { AppError } from '../errors/app-error.js';
import type { Actor } from '../events/actor.js';
import type { EventBus } from '../events/event-bus.js';
import type { DiskRepository } from '../repositories/disk.repository.js';
import type { HostRepository } from '../repositories/host.repository.js';
import type { RecordingRepository } from '../repositories/recording.repository.js';
import type { CameraStreamService } from './camera-stream.service.js';
import type { CameraService } from './camera.service.js';
import type { ConfigService } from './config.service.js';

export interface SystemServiceDeps {
  config: ConfigService;
  cameras: CameraService;
  streams: Pick<CameraStreamService, 'statuses' | 'ffmpeg'>;
  recordings: Pick<RecordingRepository, 'usage'>;
  disk: Pick<DiskRepository, 'space'>;
  host: HostRepository;
  bus: EventBus;
  dataDir: string;
  /** The directory new recordings go to now. */
  recordingsDir: () => string;
  /** The level the logger runs at now, and whether HOMECAM_LOG_LEVEL pins it (config.json's is then unused). */
  logLevel: () => { level: string; pinned: boolean };
  /** Something (start script, process manager) starts the server again after a restart exit. */
  supervised: boolean;
}

const isOrigin = (value: string | null): value is (typeof FFMPEG_ORIGINS)[number] => (FFMPEG_ORIGINS as readonly (string | null)[]).includes(value);

/** Settings → System, the Status and Disk widgets, At Home, and the restart request. */
export class SystemService {
  private readonly startedAt: string;

  constructor(private readonly deps: SystemServiceDeps) {
    this.startedAt = deps.host.startedAt().toISOString();
  }

  async info(): Promise<SystemInfo> {
    const { host, config } = this.deps;
    const ffmpeg = this.deps.streams.ffmpeg;
    const origin = isOrigin(ffmpeg.origin) ? ffmpeg.origin : null;
    const recordingsPath = this.deps.recordingsDir();
    const [dataDisk, recordingsDisk] = await Promise.all([this.space(this.deps.dataDir), this.space(recordingsPath)]);
    return {
      version: APP_VERSION,
      startedAt: this.startedAt,
      uptime: { processSeconds: host.processUptimeSeconds(), systemSeconds: host.systemUptimeSeconds() },
      node: host.node(),
      ffmpeg: { version: ffmpeg.banner?.replace(/^ffmpeg version /, '').split(' ')[0] ?? null, path: origin ? ffmpeg.path : null, origin },
      dataDir: { path: this.deps.dataDir, disk: dataDisk },
      recordingsDir: { path: recordingsPath, disk: recordingsDisk },
      logLevel: { ...this.deps.logLevel(), configured: config.get().logLevel },
      os: host.os(),
      supervised: this.deps.supervised,
      atHome: this.atHome(),
    };
  }

  /** `scope` (issue 21): a limited user counts only their cameras. */
  status(scope: CameraScope = CameraScope.ALL): SystemStatus {
    const statuses = scope.filter(this.deps.streams.statuses(), (status) => status.name);
    return {
      version: APP_VERSION,
      uptimeSeconds: this.deps.host.processUptimeSeconds(),
      // Off-air cameras (disabled, privacy) are idle with a reason: not online.
      cameras: { online: statuses.filter((s) => s.state !== 'offline' && s.state !== 'error' && s.reason === null).length, total: statuses.length },
    };
  }

  async disk(): Promise<SystemDisk> {
    const [space, usage] = await Promise.all([this.space(this.deps.recordingsDir()), this.deps.recordings.usage()]);
    return { ...space, recordingsBytes: usage.bytes };
  }

  private async space(dir: string): Promise<{ freeBytes: number | null; totalBytes: number | null }> {
    const space = await this.deps.disk.space(dir);
    return { freeBytes: space?.freeBytes ?? null, totalBytes: space?.totalBytes ?? null };
  }

  /** `scope` (issue 21): a limited user sees only their cameras in the exclude list. */
  atHome(scope: CameraScope = CameraScope.ALL): AtHomeSettings {
    const { atHome, exclude } = this.deps.config.get();
    return { atHome, exclude: scope.filter(exclude, (name) => name) };
  }

  /**
   * One config write for both fields (applied live: camera events read the config on every motion). Exclude
   * names must be cameras that exist; they are stored as the camera is spelled, each once.
   */
  async patchAtHome(patch: AtHomePatch, by?: Actor, scope: CameraScope = CameraScope.ALL): Promise<AtHomeSettings> {
    const body: Record<string, unknown> = {};
    if (patch.atHome !== undefined) body.atHome = patch.atHome;
    if (patch.exclude !== undefined) body.exclude = this.scopedExclude(patch.exclude, scope);
    if (Object.keys(body).length > 0) await this.deps.config.patch(body, [], undefined, by);
    return this.atHome(scope);
  }

  /**
   * Issue 21: a limited user names only cameras they see (another is unknown to them, 400 like a typo) and keeps
   * the exclusions of the cameras they do not see, which they were never shown.
   */
  private scopedExclude(names: readonly string[], scope: CameraScope): string[] {
    const unseen = scope.limited ? this.deps.config.get().exclude.filter((name) => !scope.allows(name)) : [];
    const issues = names.flatMap((name, index) => (scope.allows(name) ? [] : [{ path: `exclude.${index}`, message: `no camera named '${name}'` }]));
    if (issues.length > 0) throw new AppError('VALIDATION_FAILED', 'exclude names cameras that do not exist', issues);
    return [...unseen, ...this.cameraNames(names)];
  }

  private cameraNames(names: readonly string[]): string[] {
    const unknown: { path: string; message: string }[] = [];
    const found = names.map((name, index) => {
      const camera = this.deps.cameras.find(name);
      if (!camera) unknown.push({ path: `exclude.${index}`, message: `no camera named '${name}'` });
      return camera?.name ?? name;
    });
    if (unknown.length > 0) throw new AppError('VALIDATION_FAILED', 'exclude names cameras that do not exist', unknown);
    return [...new Set(found)];
  }

  /** 202 first, then the event: main.ts stops cleanly (deferred) and exits with RESTART_EXIT_CODE. */
  requestRestart(by: Actor): void {
    if (!this.deps.supervised) {
      throw new AppError('RESTART_UNAVAILABLE', 'nothing would start the server again: run it with npm start or a process manager (systemd RestartForceExitStatus=75)');
    }
    this.deps.bus.publish('RestartRequested', { reason: 'admin', by });
  }
}
