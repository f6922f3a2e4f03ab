import { isPermission, type Permission } from '@homecam/shared';
import type { Kysely, Selectable } from 'kysely';
import type { ApiTokensTable, Database } from '../db/schema.js';
import { decodeCursor, encodeCursor, type PageRequest } from '../repositories/event-query.js';

export interface ApiTokenRecord {
  id: string;
  userId: number;
  name: string;
  scopes: Permission[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

/** A token with its owner's name (the admin's list of every user's tokens). */
export interface OwnedApiTokenRecord extends ApiTokenRecord {
  username: string;
}

export interface NewApiToken extends Omit<ApiTokenRecord, 'lastUsedAt'> {
  tokenHash: string;
}

/** Scopes as stored; a permission this version no longer knows is dropped, never granted. */
function parseScopes(text: string): Permission[] {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.filter((value): value is Permission => typeof value === 'string' && isPermission(value)) : [];
}

function toRecord(row: Selectable<ApiTokensTable>): ApiTokenRecord {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    scopes: parseScopes(row.scopes),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
  };
}

/** The 0014 table: tokens by their SHA-256 (the token itself is never stored). */
export class ApiTokenRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(token: NewApiToken): Promise<void> {
    await this.db
      .insertInto('api_tokens')
      .values({
        id: token.id,
        user_id: token.userId,
        name: token.name,
        token_hash: token.tokenHash,
        scopes: JSON.stringify(token.scopes),
        created_at: token.createdAt,
        expires_at: token.expiresAt,
        last_used_at: null,
      })
      .execute();
  }

  async findByHash(tokenHash: string): Promise<ApiTokenRecord | undefined> {
    const row = await this.db.selectFrom('api_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    return row && toRecord(row);
  }

  async listOfUser(userId: number): Promise<ApiTokenRecord[]> {
    const rows = await this.db.selectFrom('api_tokens').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
    return rows.map(toRecord);
  }

  /**
   * Every user's tokens with the owner's name, newest first (ties by id), one page of `page.limit` after the
   * keyset cursor; an unreadable cursor starts from the top, as the event lists do.
   */
  async listAll(page: PageRequest): Promise<{ rows: OwnedApiTokenRecord[]; nextCursor: string | null }> {
    let query = this.db.selectFrom('api_tokens').innerJoin('users', 'users.id', 'api_tokens.user_id').selectAll('api_tokens').select('users.username');
    const cursor = page.cursor ? decodeCursor(page.cursor) : null;
    if (cursor) {
      query = query.where((eb) =>
        eb.or([eb('api_tokens.created_at', '<', cursor.time), eb.and([eb('api_tokens.created_at', '=', cursor.time), eb('api_tokens.id', '<', cursor.id)])]),
      );
    }
    const rows = await query.orderBy('api_tokens.created_at', 'desc').orderBy('api_tokens.id', 'desc').limit(page.limit + 1).execute();
    const more = rows.length > page.limit;
    const shown = more ? rows.slice(0, page.limit) : rows;
    const last = shown.at(-1);
    return {
      rows: shown.map((row) => ({ ...toRecord(row), username: row.username })),
      nextCursor: more && last ? encodeCursor(last.created_at, last.id) : null,
    };
  }

  /** Tokens of the user that have not expired at `now` (the per-user cap counts these). */
  async countLiveOfUser(userId: number, now: string): Promise<number> {
    const row = await this.db
      .selectFrom('api_tokens')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async touch(id: string, at: string): Promise<void> {
    await this.db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
  }

  /** Deletes the user's token; answers what it was, or undefined when there was none. */
  async delete(userId: number, id: string): Promise<ApiTokenRecord | undefined> {
    const row = await this.db.deleteFrom('api_tokens').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
    return row && toRecord(row);
  }

  /** Tokens that expired before `before`: of no use even to show. */
  async purgeExpiredBefore(before: string): Promise<void> {
    await this.db.deleteFrom('api_tokens').where('expires_at', '<', before).execute();
  }
}
