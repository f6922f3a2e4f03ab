import type { Kysely, Migration } from 'kysely';

/**
 * Issue 21: second factors. A user's authenticator-app secret (one row; `confirmed_at` null while the enrolment
 * waits for its first code; `last_step` is the newest 30 s step a code was accepted for, so a code is never taken
 * twice) and their recovery codes (SHA-256 of high-entropy codes, each usable once). Passkeys are not here yet.
 */
export const secondFactor: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('totp_secrets')
      .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('secret', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('confirmed_at', 'text')
      .addColumn('last_step', 'integer')
      .execute();

    await db.schema
      .createTable('recovery_codes')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (col) => col.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('recovery_codes_user_id').on('recovery_codes').column('user_id').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('recovery_codes').execute();
    await db.schema.dropTable('totp_secrets').execute();
  },
};
