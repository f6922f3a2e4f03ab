import type { Kysely, Migration } from 'kysely';

/**
 * The dashboard board of each user (issue 8), so a second device shows the same widgets. One row per user, the
 * layout as JSON (validated by dashboardLayoutSchema before it is written); it goes with the user.
 */
export const dashboardLayouts: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('dashboard_layouts')
      .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('layout', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('dashboard_layouts').execute();
  },
};
