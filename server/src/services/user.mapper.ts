import type { SessionUser, User } from '@homecam/shared';
import type { UserRecord } from '../repositories/user.repository.js';

/** The API shape of a user. Built field by field so the password hash can never slip into a response. */
export function toUser(record: UserRecord): User {
  return {
    id: record.id,
    username: record.username,
    sessionTimer: record.sessionTimer,
    permissionLevel: record.permissions,
    photo: record.photo,
    mustChangeCredentials: record.mustChangeCredentials,
    createdAt: record.createdAt,
  };
}

export function toSessionUser(record: UserRecord): SessionUser {
  return {
    id: record.id,
    username: record.username,
    sessionTimer: record.sessionTimer,
    permissionLevel: record.permissions,
    photo: record.photo,
    mustChangeCredentials: record.mustChangeCredentials,
  };
}
