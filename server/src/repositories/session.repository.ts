import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable } from '../db/schema.js';

export interface SessionRecord {
  id: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  lastSeenAt: string;
}

/** A live session as the signed-in devices list shows it (issue 21). */
export interface SessionDevice extends SessionRecord {
  ip: string | null;
  userAgent: string | null;
}

export interface NewSession {
  id: string;
  tokenHash: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
}

function toRecord(row: Selectable<SessionsTable>): SessionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    lastSeenAt: row.last_seen_at,
  };
}

export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(session: NewSession): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        id: session.id,
        token_hash: session.tokenHash,
        user_id: session.userId,
        created_at: session.createdAt,
        expires_at: session.expiresAt,
        last_seen_at: session.createdAt,
        ip: session.ip,
        user_agent: session.userAgent,
      })
      .execute();
  }

  async findByTokenHash(tokenHash: string): Promise<SessionRecord | undefined> {
    const row = await this.db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    return row && toRecord(row);
  }

  async touch(id: string, at: string): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
  }

  /** Revokes one session; returns whether it was still live. */
  async revoke(id: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Revokes every live session of a user except `keepId`; returns the revoked ids. */
  async revokeAllOfUser(userId: number, at: string, keepId?: string): Promise<string[]> {
    let query = this.db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', at);
    if (keepId !== undefined) query = query.where('id', '!=', keepId);
    const rows = await query.returning('id').execute();
    return rows.map((row) => row.id);
  }

  /** Issue 21: revokes one live session if it is `userId`'s; returns whether it was. */
  async revokeOfUser(userId: number, id: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Issue 21: a user's live sessions with their address and browser, most recently seen first. */
  async listLiveOfUser(userId: number, now: string): Promise<SessionDevice[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('last_seen_at', 'desc')
      .execute();
    return rows.map((row) => ({ ...toRecord(row), ip: row.ip, userAgent: row.user_agent }));
  }

  /** Live sessions of a user (not revoked, not expired at `now`). */
  async listLiveIdsOfUser(userId: number, now: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Removes sessions that ended before `before`, so the table does not grow for ever. */
  async purgeEndedBefore(before: string): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
      .execute();
  }
}
