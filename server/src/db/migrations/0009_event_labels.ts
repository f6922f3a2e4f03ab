import type { Kysely, Migration } from 'kysely';

/**
 * Image analysis labels (issue 9): `label` keeps one value (the event kind, or the top analysis label) so the
 * existing filter and every older row work unchanged; `labels` holds all analysis labels as a JSON array, best
 * first, and the label filter matches either (repositories/event-query.ts). Null on rows without analysis.
 */
export const eventLabels: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('notifications').addColumn('labels', 'text').execute();
    await db.schema.alterTable('recordings').addColumn('labels', 'text').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('notifications').dropColumn('labels').execute();
    await db.schema.alterTable('recordings').dropColumn('labels').execute();
  },
};
