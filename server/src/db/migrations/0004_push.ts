import { sql, type Kysely, type Migration } from 'kysely';

const sqlOne = sql`id = 1`;

/**
 * Web push: the server's VAPID key pair (one row, made at first need) and one browser subscription per session.
 * A subscription belongs to its session: deleting the session (user deleted, old sessions purged) deletes it.
 */
export const push: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('vapid_keys')
      /** Always 1: the table holds a single key pair; INSERT OR IGNORE on it settles a race between two first uses. */
      .addColumn('id', 'integer', (col) => col.primaryKey().check(sqlOne))
      .addColumn('public_key', 'text', (col) => col.notNull())
      .addColumn('private_key', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('push_subscriptions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('session_id', 'text', (col) => col.notNull().unique().references('sessions.id').onDelete('cascade'))
      /** Unique: one browser (endpoint) is signed in as one session at a time, so it never gets another user's pushes. */
      .addColumn('endpoint', 'text', (col) => col.notNull().unique())
      .addColumn('p256dh', 'text', (col) => col.notNull())
      .addColumn('auth', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('push_subscriptions_user_id').on('push_subscriptions').column('user_id').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('push_subscriptions').execute();
    await db.schema.dropTable('vapid_keys').execute();
  },
};
