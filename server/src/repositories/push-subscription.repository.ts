import { LANGUAGES, type Language } from '@homecam/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { parseCameras } from './user.repository.js';

export interface NewPushSubscription {
  id: string;
  userId: number;
  sessionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: string;
  /** The browser's UI language; null when the client sent none. */
  language: Language | null;
}

/** A subscription whose session is live, with its user's permissions as stored now (checked at send time). */
export interface PushRecipient {
  id: string;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  permissions: string[];
  /** Issue 21: the user's camera list (null = every camera): pushes of other cameras do not reach these devices. */
  cameras: string[] | null;
  /** The language the server's own texts are written in for this browser; null: English. */
  language: Language | null;
}

/** A stored language, if it is still one of the UI languages. */
function parseLanguage(value: string | null): Language | null {
  return (LANGUAGES as readonly (string | null)[]).includes(value) ? (value as Language) : null;
}

function parsePermissions(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/** The `push_subscriptions` table: at most one row per session and one per endpoint. */
export class PushSubscriptionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores the session's subscription, replacing the session's earlier one and any row with the same endpoint
   * (the browser now belongs to this session; an old session of another user must not get its pushes).
   */
  async replace(subscription: NewPushSubscription): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('push_subscriptions')
        .where((eb) => eb.or([eb('session_id', '=', subscription.sessionId), eb('endpoint', '=', subscription.endpoint)]))
        .execute();
      await trx
        .insertInto('push_subscriptions')
        .values({
          id: subscription.id,
          user_id: subscription.userId,
          session_id: subscription.sessionId,
          endpoint: subscription.endpoint,
          p256dh: subscription.p256dh,
          auth: subscription.auth,
          created_at: subscription.createdAt,
          language: subscription.language,
        })
        .execute();
    });
  }

  /** How many subscriptions are stored (the plugins page's web push line). */
  async count(): Promise<number> {
    const row = await this.db.selectFrom('push_subscriptions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async existsForSession(sessionId: string): Promise<boolean> {
    const row = await this.db.selectFrom('push_subscriptions').select('id').where('session_id', '=', sessionId).executeTakeFirst();
    return row !== undefined;
  }

  /** The session's subscription as the client needs to know it (whether it exists, its language), or null. */
  async findForSession(sessionId: string): Promise<{ language: Language | null } | null> {
    const row = await this.db.selectFrom('push_subscriptions').select('language').where('session_id', '=', sessionId).executeTakeFirst();
    return row ? { language: parseLanguage(row.language) } : null;
  }

  async deleteBySessions(sessionIds: readonly string[]): Promise<number> {
    if (sessionIds.length === 0) return 0;
    const result = await this.db.deleteFrom('push_subscriptions').where('session_id', 'in', sessionIds).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async deleteById(id: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  }

  /** Removes the subscriptions of sessions that were revoked or have expired by `now` (expiry has no event). */
  async deleteOfEndedSessions(now: string): Promise<number> {
    const result = await this.db
      .deleteFrom('push_subscriptions')
      .where('session_id', 'in', (eb) =>
        eb
          .selectFrom('sessions')
          .select('id')
          .where((w) => w.or([w('revoked_at', 'is not', null), w('expires_at', '<=', now)])),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Every subscription of a live session (not revoked, not expired at `now`), with its user's permissions. */
  async listLive(now: string): Promise<PushRecipient[]> {
    const rows = await this.db
      .selectFrom('push_subscriptions as p')
      .innerJoin('sessions as s', 's.id', 'p.session_id')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'p.user_id', 'p.endpoint', 'p.p256dh', 'p.auth', 'p.language', 'u.permissions', 'u.cameras'])
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', now)
      .where('u.must_change_credentials', '=', 0)
      .orderBy('p.created_at')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      permissions: parsePermissions(row.permissions),
      cameras: parseCameras(row.cameras),
      language: parseLanguage(row.language),
    }));
  }
}
