import { DEFAULT_ROOM } from '@homecam/shared';
import type { Kysely, Migration } from 'kysely';

/** Rooms group cameras; the default room always exists (cameras without a room are in it). */
export const rooms: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('rooms')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('name', 'text', (col) => col.notNull())
      /** Lower-cased name: the unique key, so "Garden" and "garden" cannot both exist. */
      .addColumn('name_key', 'text', (col) => col.notNull().unique())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db
      .insertInto('rooms' as never)
      .values({ name: DEFAULT_ROOM, name_key: DEFAULT_ROOM.toLowerCase(), created_at: new Date().toISOString() })
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('rooms').execute();
  },
};
