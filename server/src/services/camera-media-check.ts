import { cameraMediaIssues, cameraNameKey, type Camera, type ConfigFile, type ValidationIssue } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';

/**
 * Refuses a config write that brings in a camera whose media settings (sources, codec, encoder options, video
 * filter, stream maps) fall outside the shared grammar. Only cameras that are new or changed are checked: a
 * camera planted by a hand edit of config.json stays (the hub shows it in error) and does not block writes to
 * other sections. Applies to every write path: the camera API, PATCH /api/config and /api/config/cameras.
 */
export function refuseBadCameraMedia(next: ConfigFile, current: ConfigFile): void {
  const before = new Map(current.cameras.map((camera) => [cameraNameKey(camera.name), JSON.stringify(camera)]));
  const issues: ValidationIssue[] = [];
  next.cameras.forEach((camera, index) => {
    if (before.get(cameraNameKey(camera.name)) === JSON.stringify(camera)) return;
    const videoConfig = (camera as { videoConfig?: unknown }).videoConfig;
    if (videoConfig === null || typeof videoConfig !== 'object') return;
    for (const issue of cameraMediaIssues({ videoConfig } as Pick<Camera, 'videoConfig'>)) {
      issues.push({ path: `cameras.${index}.${issue.path}`, message: issue.message });
    }
  });
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', `the config is not valid: ${issues[0]?.message ?? ''}`, issues);
}
