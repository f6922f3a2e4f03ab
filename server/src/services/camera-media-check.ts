import { cameraMediaIssues, cameraNameKey, MEDIA_FIELD_KEYS, type ConfigFile, type ValidationIssue } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';

/** The media settings of a stored camera, to tell whether a write changed them. */
function mediaOf(camera: object): string {
  const videoConfig = (camera as { videoConfig?: Record<string, unknown> }).videoConfig ?? {};
  return JSON.stringify(MEDIA_FIELD_KEYS.map((key) => videoConfig[key] ?? null));
}

/**
 * Refuses a config write that brings in a camera whose media settings (sources, codec, encoder options, video
 * filter, stream maps) fall outside the shared grammar. Only cameras whose media settings are new or changed are
 * checked: a camera planted by a hand edit of config.json stays (the hub shows it in error) and does not block
 * other writes (another section, its room). Applies to every write path: the camera API, PATCH /api/config and
 * PATCH /api/config/cameras.
 */
export function refuseBadCameraMedia(next: ConfigFile, current: ConfigFile): void {
  const before = new Map(current.cameras.map((camera) => [cameraNameKey(camera.name), mediaOf(camera)]));
  const issues: ValidationIssue[] = [];
  next.cameras.forEach((camera, index) => {
    if (before.get(cameraNameKey(camera.name)) === mediaOf(camera)) return;
    for (const issue of cameraMediaIssues(camera as { videoConfig?: unknown })) {
      issues.push({ path: `cameras.${index}.${issue.path}`, message: issue.message });
    }
  });
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', `the config is not valid: ${issues[0]?.message ?? ''}`, issues);
}
