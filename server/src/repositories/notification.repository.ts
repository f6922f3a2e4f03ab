import type { Kysely, Selectable } from 'kysely';
import type { Database, NotificationsTable } from '../db/schema.js';
import { applyCameraScope, applyEventFilter, encodeCursor, type EventFilter, type PageRequest } from './event-query.js';

export type NotificationRow = Selectable<NotificationsTable>;
const COLUMNS = { time: 'created_at', type: 'type' };

export class NotificationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** `scope`: only these cameras' (issue 21; null = all). */
  async count(scope: readonly string[] | null = null): Promise<number> {
    const row = await applyCameraScope(this.db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')), scope)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(row: NotificationRow): Promise<void> {
    await this.db.insertInto('notifications').values(row).execute();
  }

  async get(id: string): Promise<NotificationRow | undefined> {
    return this.db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async list(filter: EventFilter, page: PageRequest): Promise<{ rows: NotificationRow[]; nextCursor: string | null }> {
    const rows = await applyEventFilter(this.db.selectFrom('notifications').selectAll(), COLUMNS, filter, page).execute();
    const more = rows.length > page.limit;
    const result = more ? rows.slice(0, page.limit) : rows;
    const last = result.at(-1);
    return { rows: result, nextCursor: more && last ? encodeCursor(last.created_at, last.id) : null };
  }

  /** Returns the ids that existed (of the cameras in `scope`, issue 21) and were removed. */
  async delete(ids: readonly string[], scope: readonly string[] | null = null): Promise<string[]> {
    if (ids.length === 0) return [];
    const inScope = await applyCameraScope(this.db.selectFrom('notifications').select('id').where('id', 'in', ids), scope).execute();
    if (inScope.length === 0) return [];
    const rows = await this.db.deleteFrom('notifications').where('id', 'in', inScope.map((r) => r.id)).returning('id').execute();
    return rows.map((r) => r.id);
  }

  async deleteAll(): Promise<number> {
    const result = await this.db.deleteFrom('notifications').executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Issue 21: every notification of these cameras (a limited user's "delete all"); returns their ids. */
  async deleteAllOf(cameras: readonly string[]): Promise<string[]> {
    if (cameras.length === 0) return [];
    const rows = await this.db.deleteFrom('notifications').where('camera', 'in', [...cameras]).returning('id').execute();
    return rows.map((r) => r.id);
  }

  /** Removes those created before `iso`; returns their ids. */
  async deleteOlderThan(iso: string): Promise<string[]> {
    const rows = await this.db.deleteFrom('notifications').where('created_at', '<', iso).returning('id').execute();
    return rows.map((r) => r.id);
  }

  /** A deleted recording takes its link (and thumbnail) away from its notifications. */
  async unlinkRecordings(recordingIds: readonly string[]): Promise<void> {
    if (recordingIds.length === 0) return;
    await this.db.updateTable('notifications').set({ recording_id: null, thumbnail: null }).where('recording_id', 'in', recordingIds).execute();
  }
}
