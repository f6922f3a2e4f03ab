import {
  DEFAULT_ADMIN,
  SESSION_TIMER_DEFAULT_S,
  SESSION_TIMER_SELF_MAX_S,
  isAdmin,
  type Permission,
} from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import type { Actor } from '../events/actor.js';
import type { AccountChange, EventBus } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import type { PhotoRepository } from '../repositories/photo.repository.js';
import {
  UsernameConflictError,
  usernameKey,
  type UserChanges,
  type UserRecord,
  type UserRepository,
} from '../repositories/user.repository.js';
import type { PasswordHasher } from '../security/password-hasher.js';
import type { AuthContext, AuthService } from './auth.service.js';
import type { UserCameraLists } from './user-camera-lists.js';

/** Validated input (after the shared zod schemas). */
export interface CreateUserInput {
  username: string;
  password: string;
  permissionLevel: Permission[];
  sessionTimer: number;
  /** Issue 21: the only cameras the user may see; undefined or null = every camera. */
  cameras?: string[] | null | undefined;
}

export interface UpdateUserInput {
  username?: string | undefined;
  password?: string | undefined;
  currentPassword?: string | undefined;
  sessionTimer?: number | undefined;
  permissionLevel?: Permission[] | undefined;
  cameras?: string[] | null | undefined;
}

async function withUsernameConflict<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof UsernameConflictError) throw new AppError('USERNAME_TAKEN', 'username already exists');
    throw error;
  }
}

/** The start refused: config.json has cameras but the database has no user (see ensureInitialAdmin). */
export class FirstStartRefusedError extends Error {
  override readonly name = 'FirstStartRefusedError';
  constructor() {
    super(
      'config.json lists cameras but the database has no user (homecam.db missing or emptied). Refusing to create ' +
        'the default master/master account over existing cameras: set HOMECAM_ADMIN_PASSWORD to create the admin ' +
        'account "master" with that password (it must be changed at the first sign-in), or restore homecam.db.',
    );
  }
}

export interface UserServiceDeps {
  users: UserRepository;
  photos: PhotoRepository;
  hasher: PasswordHasher;
  auth: AuthService;
  clock: Clock;
  bus: EventBus;
  /** Issue 21: checks a camera list against the cameras of config.json (absent: lists are refused). */
  cameraLists?: Pick<UserCameraLists, 'resolve'> | undefined;
}

export class UserService {
  constructor(private readonly deps: UserServiceDeps) {}

  /**
   * First start: with no user at all, create `master` (password from HOMECAM_ADMIN_PASSWORD or `master`)
   * that must choose its own credentials before anything else works. With cameras already configured this is
   * not a first start but a lost or emptied database: `master/master` would hand the cameras to whoever signs
   * in first, so without HOMECAM_ADMIN_PASSWORD the start is refused.
   */
  async ensureInitialAdmin(password: string | undefined, camerasConfigured = false): Promise<boolean> {
    if ((await this.deps.users.count()) > 0) return false;
    if (camerasConfigured && !password) throw new FirstStartRefusedError();
    await this.deps.users.insert(
      {
        username: DEFAULT_ADMIN.username,
        passwordHash: await this.deps.hasher.hash(password || DEFAULT_ADMIN.password),
        permissions: ['admin'],
        sessionTimer: SESSION_TIMER_DEFAULT_S,
        mustChangeCredentials: true,
      },
      this.now(),
    );
    return true;
  }

  list(): Promise<UserRecord[]> {
    return this.deps.users.list();
  }

  async get(id: number): Promise<UserRecord> {
    const user = await this.deps.users.findById(id);
    if (!user) throw new AppError('USER_NOT_FOUND', 'user not found');
    return user;
  }

  /** `by`: who asked, for the audit trail (AccountChanged), here and in update and delete. */
  async create(input: CreateUserInput, by?: Actor): Promise<UserRecord> {
    await this.assertUsernameFree(input.username);
    const cameras = this.cameraList(input.permissionLevel, input.cameras ?? null);
    const created = await withUsernameConflict(this.deps.users.insert(
      {
        username: input.username,
        passwordHash: await this.deps.hasher.hash(input.password),
        permissions: input.permissionLevel,
        sessionTimer: input.sessionTimer,
        mustChangeCredentials: false,
        cameras,
      },
      this.now(),
    ));
    this.deps.bus.publish('AccountChanged', { action: 'added', user: created.username, by: by ?? null, changes: [], permissions: created.permissions, cameras: created.cameras });
    return created;
  }

  async update(caller: AuthContext, id: number, input: UpdateUserInput, by?: Actor): Promise<UserRecord> {
    const target = await this.get(id);
    const self = caller.user.id === target.id;

    if (input.permissionLevel !== undefined) await this.assertMayChangePermissions(caller, target, input.permissionLevel);
    if (input.cameras !== undefined) this.assertMayChangeCameras(caller, target);
    const cameras = this.nextCameraList(target, input);
    if (self && target.mustChangeCredentials) await this.assertCredentialChange(target, input);
    else if (self && input.password !== undefined) await this.assertCurrentPassword(target, input.currentPassword);
    if (self && input.sessionTimer !== undefined) this.assertOwnSessionTimer(caller, target, input.sessionTimer);
    if (input.username !== undefined) await this.assertRenameAllowed(caller, target, input.username);

    const changes: UserChanges = {
      username: input.username,
      sessionTimer: input.sessionTimer,
      permissions: input.permissionLevel,
      cameras,
      passwordHash: input.password === undefined ? undefined : await this.deps.hasher.hash(input.password),
      mustChangeCredentials: self && target.mustChangeCredentials ? false : undefined,
    };
    const updated = await withUsernameConflict(this.deps.users.update(target.id, changes, this.now()));
    if (!updated) throw new AppError('USER_NOT_FOUND', 'user not found');
    // A new password ends every other session: whoever knew the old one is out. The caller keeps theirs.
    if (input.password !== undefined) {
      await this.deps.auth.endSessionsOfUser(target.id, 'passwordChanged', self ? caller.sessionId : undefined);
    }
    // Access is checked per request, but a live stream or a socket room lasts: they re-check on this event.
    if (input.permissionLevel !== undefined || cameras !== undefined) {
      this.deps.bus.publish('UserPermissionsChanged', { userId: updated.id, permissions: updated.permissions, cameras: updated.cameras });
    }
    this.reportUpdate(target, updated, input, by ?? { user: caller.user.username, address: null });
    return updated;
  }

  async delete(id: number, by?: Actor): Promise<void> {
    const target = await this.get(id);
    if (isAdmin(target.permissions) && (await this.deps.users.countAdmins(target.id)) === 0) {
      throw new AppError('LAST_ADMIN', 'the last admin cannot be deleted');
    }
    await this.deps.auth.endSessionsOfUser(target.id, 'userDeleted');
    await this.deps.users.delete(target.id);
    if (target.photo) await this.deps.photos.remove(target.photo);
    this.deps.bus.publish('AccountChanged', { action: 'removed', user: target.username, by: by ?? null, changes: [] });
  }

  /** The audit trail's line of an account change: what changed (never a value but the permissions) and by whom. */
  private reportUpdate(before: UserRecord, after: UserRecord, input: UpdateUserInput, by: Actor): void {
    const changes: AccountChange[] = [];
    if (input.username !== undefined && input.username !== before.username) changes.push('username');
    if (input.password !== undefined) changes.push('password');
    if (input.permissionLevel !== undefined) changes.push('permissions');
    if (input.sessionTimer !== undefined && input.sessionTimer !== before.sessionTimer) changes.push('sessionTimer');
    if (JSON.stringify(after.cameras) !== JSON.stringify(before.cameras)) changes.push('cameras');
    if (changes.length === 0) return;
    this.deps.bus.publish('AccountChanged', {
      action: 'changed',
      user: after.username,
      by,
      changes,
      ...(changes.includes('username') && { previousName: before.username }),
      ...(changes.includes('permissions') && { permissions: after.permissions }),
      ...(changes.includes('cameras') && { cameras: after.cameras }),
    });
  }

  private async assertMayChangePermissions(caller: AuthContext, target: UserRecord, next: Permission[]): Promise<void> {
    if (!isAdmin(caller.user.permissions)) throw new AppError('FORBIDDEN', 'only an admin can change permissions');
    if (caller.user.id === target.id) {
      throw new AppError('CANNOT_CHANGE_OWN_PERMISSIONS', 'you cannot change your own permissions');
    }
    const demoted = isAdmin(target.permissions) && !isAdmin(next);
    if (demoted && (await this.deps.users.countAdmins(target.id)) === 0) {
      throw new AppError('LAST_ADMIN', 'the last admin cannot lose the admin permission');
    }
  }

  /** Camera lists are an admin's to give, like permissions, and never to oneself. */
  private assertMayChangeCameras(caller: AuthContext, target: UserRecord): void {
    if (!isAdmin(caller.user.permissions)) throw new AppError('FORBIDDEN', 'only an admin can change camera access');
    if (caller.user.id === target.id) throw new AppError('CANNOT_CHANGE_OWN_PERMISSIONS', 'you cannot change your own camera access');
  }

  /**
   * The camera list after an update, or undefined when it stays: the one sent, or none (every camera) when the
   * user becomes an admin (admins are never limited).
   */
  private nextCameraList(target: UserRecord, input: UpdateUserInput): string[] | null | undefined {
    const permissions = input.permissionLevel ?? target.permissions;
    if (input.cameras !== undefined) return this.cameraList(permissions, input.cameras);
    return isAdmin(permissions) && target.cameras !== null ? null : undefined;
  }

  /** A list of existing cameras as config.json spells them, or null; an admin gets no list (CAMERAS_ADMIN_UNLIMITED). */
  private cameraList(permissions: readonly Permission[], cameras: string[] | null): string[] | null {
    if (cameras === null) return null;
    if (isAdmin(permissions)) {
      throw new AppError('VALIDATION_FAILED', 'admins see every camera', [{ path: 'cameras', message: 'CAMERAS_ADMIN_UNLIMITED' }]);
    }
    if (!this.deps.cameraLists) throw new AppError('VALIDATION_FAILED', 'camera lists are not available', [{ path: 'cameras', message: 'CAMERA_UNKNOWN' }]);
    return this.deps.cameraLists.resolve(cameras);
  }

  /** The first-start account must pick a new username and a new password, proving it knows the old one. */
  private async assertCredentialChange(target: UserRecord, input: UpdateUserInput): Promise<void> {
    await this.assertCurrentPassword(target, input.currentPassword);
    if (input.username === undefined || input.password === undefined) {
      throw new AppError('CREDENTIALS_UNCHANGED', 'choose a new username and a new password');
    }
    const sameName = usernameKey(input.username) === usernameKey(target.username);
    if (sameName || (await this.deps.hasher.verify(target.passwordHash, input.password))) {
      throw new AppError('CREDENTIALS_UNCHANGED', 'choose a new username and a new password');
    }
  }

  private async assertCurrentPassword(target: UserRecord, currentPassword: string | undefined): Promise<void> {
    const valid = currentPassword !== undefined && (await this.deps.hasher.verify(target.passwordHash, currentPassword));
    if (!valid) throw new AppError('WRONG_CURRENT_PASSWORD', 'cannot change password');
  }

  /** Shortening is always fine; a non-admin may not lengthen its own session past SESSION_TIMER_SELF_MAX_S. */
  private assertOwnSessionTimer(caller: AuthContext, target: UserRecord, seconds: number): void {
    if (isAdmin(caller.user.permissions) || seconds <= target.sessionTimer || seconds <= SESSION_TIMER_SELF_MAX_S) return;
    throw new AppError('SESSION_TIMER_ABOVE_LIMIT', 'only an admin can set a session longer than 30 days', {
      maxSeconds: Math.max(SESSION_TIMER_SELF_MAX_S, target.sessionTimer),
    });
  }

  /**
   * User names are the admin's to give (F14): a non-admin renaming itself would learn from USERNAME_TAKEN which
   * names exist, one guess per request. So a non-admin may only change the case of its own name (that tells
   * nothing); any other rename answers 403 USERNAME_ADMIN_ONLY before any name is looked up, taken or free alike.
   */
  private async assertRenameAllowed(caller: AuthContext, target: UserRecord, username: string): Promise<void> {
    if (isAdmin(caller.user.permissions)) return this.assertUsernameFree(username, target.id);
    if (usernameKey(username) === usernameKey(target.username)) return;
    throw new AppError('USERNAME_ADMIN_ONLY', 'only an admin can change a username');
  }

  private async assertUsernameFree(username: string, exceptId?: number): Promise<void> {
    const existing = await this.deps.users.findByUsername(username);
    if (existing && existing.id !== exceptId) throw new AppError('USERNAME_TAKEN', 'username already exists');
  }

  private now(): string {
    return new Date(this.deps.clock.now()).toISOString();
  }
}
