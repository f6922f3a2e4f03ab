import { cameraRecording, continuousSettingsOf, type ContinuousSettings, type ContinuousSettingsPatch, type ContinuousSettingsResponse } from '@homecam/shared';
import type { CameraService } from '../services/camera.service.js';
import type { ConfigService } from '../services/config.service.js';
import type { SegmentIndex } from './segment-index.js';

const DAY_MS = 86_400_000;
const GB = 1024 ** 3;

/** `recordings.continuous` with its defaults, and `recordings.minFreeGB`. */
export function currentSettings(config: ConfigService): ContinuousSettings {
  const recordings = config.get().recordings;
  return continuousSettingsOf(recordings.continuous, recordings.minFreeGB);
}

/** A camera's cap in GB: its own `recordingMaxSizeGB`, else the default per camera, else none. */
export function cameraCapGB(cameras: CameraService, config: ConfigService, camera: string): number | null {
  const found = cameras.find(camera);
  return (found ? cameraRecording(found).maxSizeGB : null) ?? currentSettings(config).cameraMaxSizeGB;
}

/**
 * Settings → Recordings for 24/7 recording: the tiers, caps and segment length (config.json
 * `recordings.continuous`), and per camera what is held: days, bytes per day, and how many days the cap holds at
 * that rate.
 */
export class ContinuousSettingsService {
  constructor(
    private readonly deps: { config: ConfigService; cameras: CameraService; segments: SegmentIndex; usage: () => ReadonlyMap<string, { bytes: number; segments: number }>; now: () => number },
  ) {}

  async get(): Promise<ContinuousSettingsResponse> {
    const settings = currentSettings(this.deps.config);
    const usage = this.deps.usage();
    const now = this.deps.now();
    const cameras = [];
    let totalBytes = 0;
    for (const camera of this.deps.cameras.list()) {
      const held = usage.get(camera.name) ?? { bytes: 0, segments: 0 };
      totalBytes += held.bytes;
      const { oldest, recentBytes } = await this.deps.segments.cameraStats(camera.name, now - DAY_MS);
      const daysHeld = oldest === null ? 0 : Math.max(0, (now - oldest) / DAY_MS);
      // Bytes per day: the last 24 hours, or the average over what is held when that is shorter.
      const bytesPerDay = daysHeld >= 1 ? recentBytes : daysHeld > 0 ? held.bytes / daysHeld : 0;
      const recording = cameraRecording(camera);
      const cap = cameraCapGB(this.deps.cameras, this.deps.config, camera.name);
      cameras.push({
        camera: camera.name, mode: recording.mode, stream: recording.stream, maxSizeGB: cap, bytes: held.bytes, segments: held.segments,
        daysHeld: round(daysHeld), bytesPerDay: Math.round(bytesPerDay),
        capDays: cap !== null && bytesPerDay > 0 ? round((cap * GB) / bytesPerDay) : null,
      });
    }
    return { ...settings, cameras, totalBytes };
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
