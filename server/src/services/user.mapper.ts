import { isAdmin, type SessionUser, type User } from '@homecam/shared';
import type { UserRecord } from '../repositories/user.repository.js';

/** The user a session carries. Built field by field so the password hash can never slip into a response. */
export function toSessionUser(record: UserRecord): SessionUser {
  return {
    id: record.id,
    username: record.username,
    sessionTimer: record.sessionTimer,
    permissionLevel: record.permissions,
    photo: record.photo,
    mustChangeCredentials: record.mustChangeCredentials,
    // Admins are never limited, whatever a restored or hand-edited row says.
    cameras: isAdmin(record.permissions) ? null : record.cameras,
  };
}

/** The API shape of a user: the session user and when it was created. */
export function toUser(record: UserRecord): User {
  return { ...toSessionUser(record), createdAt: record.createdAt };
}
