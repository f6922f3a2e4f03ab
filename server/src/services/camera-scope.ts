import { cameraNameKey, isCameraLimited } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';

/** What CameraScope needs of a user: the permission list and the camera list (null = every camera). */
export interface CameraScopeSubject {
  permissions: readonly string[];
  cameras: readonly string[] | null;
}

/**
 * Issue 21: which cameras one caller may see. Every camera route, list, socket event and push asks it. A camera
 * outside the scope is answered as if it did not exist (404 CAMERA_NOT_FOUND, left out of lists), so a limited
 * user cannot even learn which names exist. Admins and users without a list are unlimited.
 */
export class CameraScope {
  static readonly ALL = new CameraScope(null);

  private constructor(private readonly keys: ReadonlySet<string> | null) {}

  static of(subject: CameraScopeSubject): CameraScope {
    if (!isCameraLimited(subject.permissions, subject.cameras)) return CameraScope.ALL;
    return new CameraScope(new Set((subject.cameras ?? []).map(cameraNameKey)));
  }

  get limited(): boolean {
    return this.keys !== null;
  }

  /**
   * Whether the camera is in scope. `null`: a row of no camera (a system notification); limited users do not see
   * those, since their text may name any camera.
   */
  allows(camera: string | null | undefined): boolean {
    if (this.keys === null) return true;
    return typeof camera === 'string' && this.keys.has(cameraNameKey(camera));
  }

  /** The camera, or CAMERA_NOT_FOUND as for a camera that does not exist. */
  require(camera: string): void {
    if (!this.allows(camera)) throw new AppError('CAMERA_NOT_FOUND', 'camera not found');
  }

  filter<T>(items: readonly T[], cameraOf: (item: T) => string | null | undefined): T[] {
    return this.keys === null ? [...items] : items.filter((item) => this.allows(cameraOf(item)));
  }

  /**
   * For queries over stored rows (which hold the camera's name as spelled when written): the names of the cameras
   * in scope, as the camera list spells them now; null when unlimited.
   */
  names(cameras: readonly { name: string }[]): string[] | null {
    if (this.keys === null) return null;
    return cameras.filter((camera) => this.allows(camera.name)).map((camera) => camera.name);
  }
}
