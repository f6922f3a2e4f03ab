import type { Kysely, Migration } from 'kysely';

/** Recordings as rows (not a folder scan) and the event fields of notifications, with indexes for the filters. */
export const events: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('recordings')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('camera', 'text', (col) => col.notNull())
      .addColumn('room', 'text', (col) => col.notNull())
      .addColumn('trigger', 'text', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('label', 'text', (col) => col.notNull())
      .addColumn('started_at', 'text', (col) => col.notNull())
      .addColumn('duration_ms', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('size_bytes', 'integer', (col) => col.notNull().defaultTo(0))
      /** Path relative to the recordings directory. */
      .addColumn('file', 'text', (col) => col.notNull())
      .addColumn('thumbnail', 'text')
      .addColumn('status', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('recordings_started_at').on('recordings').columns(['started_at', 'id']).execute();
    await db.schema.createIndex('recordings_camera').on('recordings').columns(['camera', 'started_at']).execute();
    await db.schema.createIndex('recordings_status').on('recordings').column('status').execute();

    await db.schema.alterTable('notifications').addColumn('recording_id', 'text').execute();
    await db.schema.alterTable('notifications').addColumn('trigger', 'text').execute();
    await db.schema.alterTable('notifications').addColumn('level', 'text', (col) => col.notNull().defaultTo('event')).execute();
    await db.schema.createIndex('notifications_created_id').on('notifications').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('notifications_camera').on('notifications').columns(['camera', 'created_at']).execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('notifications_camera').execute();
    await db.schema.dropIndex('notifications_created_id').execute();
    await db.schema.alterTable('notifications').dropColumn('level').execute();
    await db.schema.alterTable('notifications').dropColumn('trigger').execute();
    await db.schema.alterTable('notifications').dropColumn('recording_id').execute();
    await db.schema.dropTable('recordings').execute();
  },
};
