import { isPermission, type Permission } from '@homecam/shared';
import type { Kysely, Selectable } from 'kysely';
import type { ApiTokensTable, Database } from '../db/schema.js';

export interface ApiTokenRecord {
  id: string;
  userId: number;
  name: string;
  scopes: Permission[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
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
