import type { Kysely, Migration } from 'kysely';

/**
 * Issue 21: passkeys (WebAuthn credentials), several per user. `credential_id` is the authenticator's id
 * (base64url, unique across accounts: an authenticator answers with it, so it names one key of one account);
 * `public_key` the COSE key; `counter` the newest signature counter seen (0 for authenticators that keep none);
 * `transports` a JSON array (where the browser may look for it); `user_handle` the opaque WebAuthn user id the
 * credential was created under (random, never the account id or name: a discoverable passkey answers with it);
 * `rp_id` the host name it was created for. No challenge is ever stored: ceremonies live in memory.
 */
export const passkeys: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('passkeys')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('credential_id', 'text', (col) => col.notNull().unique())
      .addColumn('public_key', 'blob', (col) => col.notNull())
      .addColumn('counter', 'integer', (col) => col.notNull())
      .addColumn('transports', 'text', (col) => col.notNull())
      .addColumn('user_handle', 'text', (col) => col.notNull())
      .addColumn('rp_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('last_used_at', 'text')
      .execute();
    await db.schema.createIndex('passkeys_user_id').on('passkeys').column('user_id').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('passkeys').execute();
  },
};
