import { cameraNameKey, type Camera } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import type { EventBus } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import type { UserRecord, UserRepository } from '../repositories/user.repository.js';
import type { CameraService } from './camera.service.js';

export interface UserCameraListsDeps {
  users: UserRepository;
  cameras: CameraService;
  bus: EventBus;
  clock: Clock;
}

/**
 * One camera removed and one added in its place (the same position, the same source): a rename, also when the
 * same write changed other settings (the camera form sends the whole camera).
 */
function renamed(next: readonly Camera[], previous: readonly Camera[]): { from: string; to: string } | null {
  if (next.length !== previous.length) return null;
  const before = new Set(previous.map((camera) => cameraNameKey(camera.name)));
  const after = new Set(next.map((camera) => cameraNameKey(camera.name)));
  const added = next.filter((camera) => !before.has(cameraNameKey(camera.name)));
  const removed = previous.filter((camera) => !after.has(cameraNameKey(camera.name)));
  const [to] = added;
  const [from] = removed;
  if (added.length !== 1 || removed.length !== 1 || !to || !from) return null;
  const samePlace = next.indexOf(to) === previous.indexOf(from);
  return samePlace && to.videoConfig.source === from.videoConfig.source ? { from: from.name, to: to.name } : null;
}

/**
 * Issue 21: the camera lists of limited users. A list holds names of cameras that exist, as config.json spells
 * them: a renamed camera is renamed in every list, a removed one leaves every list (so a camera added later
 * under an old name is not seen by accident). A change that is not clearly a rename counts as a removal: a
 * limited user loses a camera rather than gains one. Each change reaches open streams and sockets at once
 * (UserPermissionsChanged).
 */
export class UserCameraLists {
  constructor(private readonly deps: UserCameraListsDeps) {}

  /** The cameras as config.json spells them, each once; VALIDATION_FAILED (CAMERA_UNKNOWN) for a name that is none. */
  resolve(names: readonly string[]): string[] {
    const issues: { path: string; message: string }[] = [];
    const resolved = new Map<string, string>();
    names.forEach((name, index) => {
      const camera = this.deps.cameras.find(name);
      if (camera) resolved.set(cameraNameKey(camera.name), camera.name);
      else issues.push({ path: `cameras.${index}`, message: 'CAMERA_UNKNOWN' });
    });
    if (issues.length > 0) throw new AppError('VALIDATION_FAILED', 'the camera list names a camera that does not exist', issues);
    return [...resolved.values()];
  }

  /** Follows the cameras of config.json (API, config editor, hand edit). Returns the unsubscribe. */
  follow(onError: (error: unknown) => void): () => void {
    return this.deps.cameras.onChange((next, previous) => {
      this.apply(next, previous).catch(onError);
    });
  }

  /** A limited user who added a camera may see it (they typed its address and credentials themselves). */
  async grant(user: UserRecord, camera: string): Promise<void> {
    if (user.cameras === null) return;
    await this.save(user, [...user.cameras, camera]);
  }

  private async apply(next: readonly Camera[], previous: readonly Camera[]): Promise<void> {
    const rename = renamed(next, previous);
    const existing = new Set(next.map((camera) => cameraNameKey(camera.name)));
    for (const user of await this.deps.users.listLimited()) {
      const names = (user.cameras ?? []).map((name) => (rename && cameraNameKey(name) === cameraNameKey(rename.from) ? rename.to : name));
      const kept = names.filter((name) => existing.has(cameraNameKey(name)));
      if (JSON.stringify(kept) !== JSON.stringify(user.cameras)) await this.save(user, kept);
    }
  }

  private async save(user: UserRecord, cameras: string[]): Promise<void> {
    const updated = await this.deps.users.update(user.id, { cameras }, new Date(this.deps.clock.now()).toISOString());
    if (updated) this.deps.bus.publish('UserPermissionsChanged', { userId: updated.id, permissions: updated.permissions, cameras: updated.cameras });
  }
}
