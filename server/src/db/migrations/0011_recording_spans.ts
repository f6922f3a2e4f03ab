import type { Kysely, Migration } from 'kysely';

/**
 * Issue 19: with continuous recording an event is a span of the footage, not a second file. `span` = 1 marks such
 * a recording row: `started_at` + `duration_ms` is the range, `file` the URL path the footage is served under.
 */
export const recordingSpans: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('recordings').addColumn('span', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('recordings').dropColumn('span').execute();
  },
};
