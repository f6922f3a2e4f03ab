import { isPermission, type Permission } from '@homecam/shared';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/schema.js';

/** A user as the services see it. `passwordHash` never leaves the service layer. */
export interface UserRecord {
  id: number;
  username: string;
  passwordHash: string;
  permissions: Permission[];
  sessionTimer: number;
  photo: string | null;
  mustChangeCredentials: boolean;
  /** Issue 21: the only cameras the user may see, or null for every camera (see CameraScope). */
  cameras: string[] | null;
  createdAt: string;
}

export interface NewUser {
  username: string;
  passwordHash: string;
  permissions: Permission[];
  sessionTimer: number;
  mustChangeCredentials: boolean;
  cameras?: string[] | null;
}

export type UserChanges = Partial<Omit<NewUser, 'username'> & { username: string; photo: string | null }>;

/** Another user already has this username (the unique index caught a race the service's check missed). */
export class UsernameConflictError extends Error {
  override readonly name = 'UsernameConflictError';
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

async function guardUnique<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw new UsernameConflictError('username already exists', { cause: error });
    throw error;
  }
}

/** The unique form of a username: case-insensitive for every script, not only ASCII. */
export function usernameKey(username: string): string {
  return username.normalize('NFC').toLowerCase();
}

/** The `cameras` column: null (every camera) or a list of names; an unreadable value limits to none (fails closed). */
export function parseCameras(json: string | null): string[] | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

function toRecord(row: Selectable<UsersTable>): UserRecord {
  const parsed: unknown = JSON.parse(row.permissions);
  const permissions = Array.isArray(parsed) ? parsed.filter((p): p is Permission => typeof p === 'string' && isPermission(p)) : [];
  return {
    id: row.id,
    username: row.username,
    passwordHash: row.password_hash,
    permissions,
    sessionTimer: row.session_timer,
    photo: row.photo,
    mustChangeCredentials: row.must_change_credentials === 1,
    cameras: parseCameras(row.cameras),
    createdAt: row.created_at,
  };
}

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async count(): Promise<number> {
    const row = await this.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Users holding `admin`, optionally not counting one (the user about to be deleted or demoted). */
  async countAdmins(excludingId?: number): Promise<number> {
    let query = this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(sql<boolean>`exists (select 1 from json_each(users.permissions) where json_each.value = 'admin')`);
    if (excludingId !== undefined) query = query.where('id', '!=', excludingId);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async list(): Promise<UserRecord[]> {
    const rows = await this.db.selectFrom('users').selectAll().orderBy('id').execute();
    return rows.map(toRecord);
  }

  async findById(id: number): Promise<UserRecord | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  async findByUsername(username: string): Promise<UserRecord | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('username_key', '=', usernameKey(username)).executeTakeFirst();
    return row && toRecord(row);
  }

  async insert(user: NewUser, now: string): Promise<UserRecord> {
    const row = await guardUnique(this.db
      .insertInto('users')
      .values({
        username: user.username,
        username_key: usernameKey(user.username),
        password_hash: user.passwordHash,
        permissions: JSON.stringify(user.permissions),
        session_timer: user.sessionTimer,
        must_change_credentials: user.mustChangeCredentials ? 1 : 0,
        cameras: user.cameras ? JSON.stringify(user.cameras) : null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow());
    return toRecord(row);
  }

  async update(id: number, changes: UserChanges, now: string): Promise<UserRecord | undefined> {
    const row = await guardUnique(this.db
      .updateTable('users')
      .set({
        updated_at: now,
        ...(changes.username !== undefined && { username: changes.username, username_key: usernameKey(changes.username) }),
        ...(changes.passwordHash !== undefined && { password_hash: changes.passwordHash }),
        ...(changes.permissions !== undefined && { permissions: JSON.stringify(changes.permissions) }),
        ...(changes.sessionTimer !== undefined && { session_timer: changes.sessionTimer }),
        ...(changes.photo !== undefined && { photo: changes.photo }),
        ...(changes.cameras !== undefined && { cameras: changes.cameras === null ? null : JSON.stringify(changes.cameras) }),
        ...(changes.mustChangeCredentials !== undefined && {
          must_change_credentials: changes.mustChangeCredentials ? 1 : 0,
        }),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst());
    return row && toRecord(row);
  }

  /** Issue 21: the users limited to a camera list (the rest see every camera). */
  async listLimited(): Promise<UserRecord[]> {
    const rows = await this.db.selectFrom('users').selectAll().where('cameras', 'is not', null).orderBy('id').execute();
    return rows.map(toRecord);
  }

  /** Deletes the user; its sessions go with it (foreign key cascade). */
  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
