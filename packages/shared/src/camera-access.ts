import { z } from 'zod';
import { cameraNameKey } from './api/config.js';
import { isAdmin } from './permissions.js';

/**
 * Issue 21, cameras per user: an admin may limit a user to some cameras. `null` means every camera, also the
 * ones added later (the default); a list names the only cameras the user may see. Admins are never limited.
 * Server and web decide with the same function; the server enforces it, the web only hides what it would refuse.
 */
export type CameraList = readonly string[] | null;

/** At most this many names in a user's list (a house with more cameras leaves the user unlimited). */
export const USER_CAMERAS_MAX = 256;

export const userCameraListSchema = z
  .array(z.string().trim().min(1, 'CAMERA_UNKNOWN').max(256, 'CAMERA_UNKNOWN'), { message: 'CAMERA_UNKNOWN' })
  .max(USER_CAMERAS_MAX, 'CAMERA_UNKNOWN')
  .nullable();

/** Whether the user with these permissions and this camera list may see the camera (names match case-blind). */
export function mayAccessCamera(permissions: readonly string[] | null | undefined, cameras: CameraList | undefined, camera: string): boolean {
  if (cameras === null || cameras === undefined || isAdmin(permissions)) return true;
  const key = cameraNameKey(camera);
  return cameras.some((name) => cameraNameKey(name) === key);
}

/** Whether the user sees only some cameras (a list, and not an admin). */
export function isCameraLimited(permissions: readonly string[] | null | undefined, cameras: CameraList | undefined): boolean {
  return cameras !== null && cameras !== undefined && !isAdmin(permissions);
}
