import { cameraMediaIssues, cameraNameIssues, cameraNameKey, MEDIA_FIELD_KEYS, type ConfigFile, type ValidationIssue } from '@homecam/shared';
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

/**
 * Refuses a config write that brings in a camera name or room with a control character, a lone surrogate or a bidi
 * override (NAME_CHARACTERS_INVALID). Like the media check, only names and rooms that are new or changed: a hand
 * edit that planted one stays (the hub shows that camera in error) and does not block other writes.
 */
export function refuseBadCameraNames(next: ConfigFile, current: ConfigFile): void {
  const before = new Set(current.cameras.map((camera) => JSON.stringify([camera.name, camera.room])));
  const issues: ValidationIssue[] = [];
  next.cameras.forEach((camera, index) => {
    if (before.has(JSON.stringify([camera.name, camera.room]))) return;
    for (const issue of cameraNameIssues(camera)) issues.push({ path: `cameras.${index}.${issue.path}`, message: issue.message });
  });
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', `the config is not valid: ${issues[0]?.message ?? ''}`, issues);
}
