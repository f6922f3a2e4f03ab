import type { Kysely, Migration } from 'kysely';

/**
 * Each push subscription remembers the browser's UI language, so the server's own texts in a push ('Motion
 * detected', 'Doorbell') arrive in it. Nullable: subscriptions made before, or by a client that sends none, get English.
 */
export const pushLanguage: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('push_subscriptions').addColumn('language', 'text').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('push_subscriptions').dropColumn('language').execute();
  },
};
