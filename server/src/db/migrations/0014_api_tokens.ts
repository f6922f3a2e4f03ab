import type { Kysely, Migration } from 'kysely';

/**
 * Issue 21: API tokens for integrations. Only the SHA-256 of a token is stored (the token is 256 random bits, so a
 * fast hash is enough: nothing to guess, and a per-request lookup by hash stays one index probe). `scopes` is a
 * JSON array of permissions; what a token may do is scopes ∩ its owner's permissions at each request. A token goes
 * with its owner (cascade); a revoked one is deleted, so nothing can bring it back.
 */
export const apiTokens: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('api_tokens')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('scopes', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text')
      .addColumn('last_used_at', 'text')
      .execute();
    await db.schema.createIndex('api_tokens_user_id').on('api_tokens').column('user_id').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('api_tokens').execute();
  },
};
