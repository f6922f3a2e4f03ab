import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { VapidKeyPair } from '../security/vapid-keys.js';

/** The single `vapid_keys` row. */
export class VapidKeyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(): Promise<VapidKeyPair | undefined> {
    const row = await this.db.selectFrom('vapid_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst();
    return row && { publicKey: row.public_key, privateKey: row.private_key };
  }

  /**
   * Stores the pair unless one exists, and returns the stored one: two first uses racing each other (or two
   * processes on one data dir) end up with the same keys, the loser's are dropped.
   */
  async insertIfAbsent(keys: VapidKeyPair, at: string): Promise<VapidKeyPair> {
    await this.db
      .insertInto('vapid_keys')
      .values({ id: 1, public_key: keys.publicKey, private_key: keys.privateKey, created_at: at })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const stored = await this.get();
    if (!stored) throw new Error('vapid key pair was not stored');
    return stored;
  }
}
