import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface StoredDashboardLayout {
  /** The layout as JSON text, as it was saved. */
  layout: string;
  updatedAt: string;
}

/** The `dashboard_layouts` table: one board per user, removed with the user (ON DELETE CASCADE). */
export class DashboardLayoutRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(userId: number): Promise<StoredDashboardLayout | null> {
    const row = await this.db
      .selectFrom('dashboard_layouts')
      .select(['layout', 'updated_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? { layout: row.layout, updatedAt: row.updated_at } : null;
  }

  /** Inserts or replaces the user's board in one statement (two devices saving at once: the last one wins). */
  async save(userId: number, layout: string, updatedAt: string): Promise<void> {
    await this.db
      .insertInto('dashboard_layouts')
      .values({ user_id: userId, layout, updated_at: updatedAt })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ layout, updated_at: updatedAt }))
      .execute();
  }
}
