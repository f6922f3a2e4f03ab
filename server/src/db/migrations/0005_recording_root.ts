import type { Kysely, Migration } from 'kysely';

/**
 * Each recording remembers the absolute directory it was written under (`root`), so a changed `recordings.path`
 * no longer strands the older clips: they are read, deleted and recovered where they are. Nullable: rows made
 * before this migration get the directory in use at start-up (context.ts). `file` and `thumbnail` get indexes
 * because `/files/recordings/<relative>` now finds its row (and so its root) by that path.
 */
export const recordingRoot: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('recordings').addColumn('root', 'text').execute();
    await db.schema.createIndex('recordings_file').on('recordings').column('file').execute();
    await db.schema.createIndex('recordings_thumbnail').on('recordings').column('thumbnail').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('recordings_thumbnail').execute();
    await db.schema.dropIndex('recordings_file').execute();
    await db.schema.alterTable('recordings').dropColumn('root').execute();
  },
};
