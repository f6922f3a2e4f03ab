import type { ReviewItem } from '@homecam/shared';
import { randomUUID } from 'node:crypto';
import { num, type IndexDb } from './index-db.js';

export interface ReviewFilter {
  cameras?: readonly string[] | undefined;
  reviewed?: boolean | undefined;
  from?: number | undefined;
  to?: number | undefined;
  before?: number | undefined;
}

const MARK_BATCH = 500;

function parseLabels(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((label): label is string => typeof label === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Review items: the overlapping events of one camera merged into one span, and each user's "reviewed" marks.
 * Portable SQL: the marks are upserted with ON CONFLICT (SQLite ≥ 3.24 and PostgreSQL), the reviewed flag comes
 * from a left join on the caller's mark.
 */
export class ReviewIndex {
  constructor(private readonly db: IndexDb) {}

  /** An event [start, end] of a camera: joins (and merges) the items it overlaps, or starts one. A new event reopens the item. */
  async addEvent(camera: string, start: number, end: number, labels: readonly string[]): Promise<string> {
    const overlapping = await this.db
      .selectFrom('review_items')
      .selectAll()
      .where('camera', '=', camera)
      .where('start_ms', '<=', end)
      .where('end_ms', '>=', start)
      .orderBy('start_ms')
      .execute();
    const [first, ...rest] = overlapping;
    if (!first) {
      const id = randomUUID();
      await this.db.insertInto('review_items').values({ id, camera, start_ms: start, end_ms: end, labels: JSON.stringify([...new Set(labels)]), events: 1 }).execute();
      return id;
    }
    const all = [first, ...rest];
    const merged = new Set(all.flatMap((item) => parseLabels(item.labels)).concat(labels));
    await this.db
      .updateTable('review_items')
      .set({
        start_ms: Math.min(start, ...all.map((item) => num(item.start_ms))),
        end_ms: Math.max(end, ...all.map((item) => num(item.end_ms))),
        labels: JSON.stringify([...merged]),
        events: all.reduce((sum, item) => sum + num(item.events), 1),
      })
      .where('id', '=', first.id)
      .execute();
    const gone = rest.map((item) => item.id);
    if (gone.length > 0) await this.db.deleteFrom('review_items').where('id', 'in', gone).execute();
    await this.db.deleteFrom('review_marks').where('item_id', 'in', [first.id, ...gone]).execute();
    return first.id;
  }

  /** Items for a user, newest first, with that user's reviewed flag. */
  async list(userId: number, filter: ReviewFilter, limit: number): Promise<ReviewItem[]> {
    let query = this.db
      .selectFrom('review_items')
      .leftJoin('review_marks', (join) => join.onRef('review_marks.item_id', '=', 'review_items.id').on('review_marks.user_id', '=', userId))
      .select(['review_items.id', 'camera', 'start_ms', 'end_ms', 'labels', 'events', 'review_marks.reviewed_ms']);
    if (filter.cameras) query = query.where('camera', 'in', [...filter.cameras]);
    if (filter.from !== undefined) query = query.where('end_ms', '>', filter.from);
    if (filter.to !== undefined) query = query.where('start_ms', '<', filter.to);
    if (filter.before !== undefined) query = query.where('start_ms', '<', filter.before);
    if (filter.reviewed === true) query = query.where('review_marks.reviewed_ms', 'is not', null);
    if (filter.reviewed === false) query = query.where('review_marks.reviewed_ms', 'is', null);
    const rows = await query.orderBy('start_ms', 'desc').orderBy('review_items.id').limit(limit).execute();
    return rows.map((row) => ({
      id: row.id,
      camera: row.camera,
      start: num(row.start_ms),
      end: num(row.end_ms),
      labels: parseLabels(row.labels),
      events: num(row.events),
      reviewed: row.reviewed_ms !== null,
    }));
  }

  async unreviewedCount(userId: number, cameras?: readonly string[]): Promise<number> {
    let query = this.db
      .selectFrom('review_items')
      .leftJoin('review_marks', (join) => join.onRef('review_marks.item_id', '=', 'review_items.id').on('review_marks.user_id', '=', userId))
      .select((eb) => eb.fn.countAll().as('n'))
      .where('review_marks.reviewed_ms', 'is', null);
    if (cameras) query = query.where('camera', 'in', [...cameras]);
    return num((await query.executeTakeFirst())?.n);
  }

  async exists(id: string): Promise<boolean> {
    return (await this.cameraOf(id)) !== null;
  }

  /** The item's camera, or null when there is no such item. */
  async cameraOf(id: string): Promise<string | null> {
    return (await this.db.selectFrom('review_items').select('camera').where('id', '=', id).executeTakeFirst())?.camera ?? null;
  }

  async mark(itemId: string, userId: number, now: number): Promise<void> {
    await this.db
      .insertInto('review_marks')
      .values({ item_id: itemId, user_id: userId, reviewed_ms: now })
      .onConflict((oc) => oc.columns(['item_id', 'user_id']).doUpdateSet({ reviewed_ms: now }))
      .execute();
  }

  async unmark(itemId: string, userId: number): Promise<void> {
    await this.db.deleteFrom('review_marks').where('item_id', '=', itemId).where('user_id', '=', userId).execute();
  }

  /** Marks every unreviewed item of the filter reviewed for the user; returns how many. */
  async markAll(userId: number, filter: ReviewFilter, now: number): Promise<number> {
    let marked = 0;
    for (;;) {
      const batch = await this.list(userId, { ...filter, reviewed: false }, MARK_BATCH);
      if (batch.length === 0) return marked;
      await this.db
        .insertInto('review_marks')
        .values(batch.map((item) => ({ item_id: item.id, user_id: userId, reviewed_ms: now })))
        .onConflict((oc) => oc.columns(['item_id', 'user_id']).doNothing())
        .execute();
      marked += batch.length;
    }
  }

  /** Items (and their marks) that ended before `before`: their footage is gone. */
  async deleteBefore(before: number): Promise<void> {
    const ids = (await this.db.selectFrom('review_items').select('id').where('end_ms', '<', before).execute()).map((row) => row.id);
    for (let i = 0; i < ids.length; i += MARK_BATCH) {
      const chunk = ids.slice(i, i + MARK_BATCH);
      await this.db.deleteFrom('review_marks').where('item_id', 'in', chunk).execute();
      await this.db.deleteFrom('review_items').where('id', 'in', chunk).execute();
    }
  }
}
