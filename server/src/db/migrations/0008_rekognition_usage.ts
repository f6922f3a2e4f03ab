import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The Rekognition call counter (camera.ui kept `contingent_left`/`last_rekognition` next to the keys). One row:
 * the month (UTC, `YYYY-MM`) the count belongs to, the calls made in it and the time of the last call. What is
 * left is computed from config.json's total, so changing the total recomputes it as camera.ui did.
 */
export const rekognitionUsage: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('rekognition_usage')
      // Always 1: a single counter.
      .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
      .addColumn('month', 'text', (col) => col.notNull())
      .addColumn('used', 'integer', (col) => col.notNull())
      .addColumn('last_call', 'text')
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('rekognition_usage').execute();
  },
};
