import { cameraRecording, continuousSettingsOf, type Camera, type CameraFootageStats, type ConfigFile, type ContinuousSettings, type ContinuousSettingsPatch, type ContinuousSettingsResponse } from '@homecam/shared';
import type { CameraService } from '../services/camera.service.js';
import type { ConfigService } from '../services/config.service.js';
import type { SegmentIndex } from './segment-index.js';

const DAY_MS = 86_400_000;
const GB = 1024 ** 3;

/** `recordings.continuous` with its defaults, and `recordings.minFreeGB`. */
export function currentSettings(config: ConfigService): ContinuousSettings {
  // The one section: get() clones the whole config (every camera), and this runs at every keyframe of every camera.
  const recordings = config.getSection('recordings') as ConfigFile['recordings'];
  return continuousSettingsOf(recordings.continuous, recordings.minFreeGB);
}

/** A camera's cap in GB: its own `recordingMaxSizeGB`, else the default per camera, else none. */
export function cameraCapGB(cameras: CameraService, config: ConfigService, camera: string): number | null {
  const found = cameras.find(camera);
  return (found ? cameraRecording(found).maxSizeGB : null) ?? currentSettings(config).cameraMaxSizeGB;
}

export interface SettingsDeps {
  config: ConfigService;
  cameras: CameraService;
  segments: SegmentIndex;
  usage: () => ReadonlyMap<string, { bytes: number; segments: number }>;
  /** Free bytes on the recordings disk. */
  freeBytes: () => Promise<number>;
  now: () => number;
}

/** N days at `bytesPerDay` in `bytes`; null when nothing is written (no rate to go by). */
const daysAtRate = (bytes: number, bytesPerDay: number): number | null => (bytesPerDay > 0 ? round(Math.max(0, bytes) / bytesPerDay) : null);

/**
 * Settings → Recordings for 24/7 recording: the tiers, caps and segment length (config.json
 * `recordings.continuous`), and per camera what is held: days, bytes per day, and how many days the cap holds at
 * that rate; the same for all cameras against the overall cap and against the disk.
 */
export class ContinuousSettingsService {
  constructor(private readonly deps: SettingsDeps) {}

  async get(): Promise<ContinuousSettingsResponse> {
    const settings = currentSettings(this.deps.config);
    const cameras = [];
    for (const camera of this.deps.cameras.list()) cameras.push(await this.cameraStats(camera));
    const totalBytes = cameras.reduce((sum, camera) => sum + camera.bytes, 0);
    const bytesPerDay = cameras.reduce((sum, camera) => sum + camera.bytesPerDay, 0);
    const usable = (await this.deps.freeBytes()) + totalBytes - (settings.minFreeGB ?? 0) * GB;
    return {
      ...settings, cameras, totalBytes, bytesPerDay,
      capDays: settings.maxSizeGB === null ? null : daysAtRate(settings.maxSizeGB * GB, bytesPerDay),
      diskDays: daysAtRate(usable, bytesPerDay),
    };
  }

  private async cameraStats(camera: Camera): Promise<CameraFootageStats> {
    const now = this.deps.now();
    const held = this.deps.usage().get(camera.name) ?? { bytes: 0, segments: 0 };
    const { oldest, recentBytes } = await this.deps.segments.cameraStats(camera.name, now - DAY_MS);
    const daysHeld = oldest === null ? 0 : Math.max(0, (now - oldest) / DAY_MS);
    // Bytes per day: the last 24 hours, or the average over what is held when that is shorter.
    const bytesPerDay = daysHeld >= 1 ? recentBytes : daysHeld > 0 ? held.bytes / daysHeld : 0;
    const recording = cameraRecording(camera);
    const cap = cameraCapGB(this.deps.cameras, this.deps.config, camera.name);
    return {
      camera: camera.name, mode: recording.mode, stream: recording.stream, maxSizeGB: cap, bytes: held.bytes, segments: held.segments,
      daysHeld: round(daysHeld), bytesPerDay: Math.round(bytesPerDay),
      capDays: cap === null ? null : daysAtRate(cap * GB, bytesPerDay),
    };
  }

  async patch(patch: ContinuousSettingsPatch): Promise<ContinuousSettingsResponse> {
    await this.deps.config.updateSection('recordings', (current) => {
      const recordings = { ...(current as Record<string, unknown>) };
      const continuous = { ...((recordings.continuous as Record<string, unknown> | undefined) ?? {}) };
      if (patch.segmentSeconds !== undefined) continuous.segmentSeconds = patch.segmentSeconds;
      if (patch.retain) continuous.retain = { ...((continuous.retain) ?? {}), ...patch.retain };
      for (const key of ['maxSizeGB', 'cameraMaxSizeGB'] as const) {
        if (patch[key] === null) delete continuous[key];
        else if (patch[key] !== undefined) continuous[key] = patch[key];
      }
      return { ...recordings, continuous };
    });
    return this.get();
  }
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
