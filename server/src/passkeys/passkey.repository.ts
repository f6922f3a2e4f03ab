import type { Kysely, Selectable } from 'kysely';
import type { Database, PasskeysTable } from '../db/schema.js';

export interface PasskeyRecord {
  id: number;
  userId: number;
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  userHandle: string;
  rpId: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export type NewPasskey = Omit<PasskeyRecord, 'id' | 'lastUsedAt'>;

type Row = Selectable<PasskeysTable>;

function toRecord(row: Row): PasskeyRecord {
  return {
    id: row.id,
    userId: row.user_id,
    credentialId: row.credential_id,
    publicKey: new Uint8Array(row.public_key),
    counter: row.counter,
    transports: JSON.parse(row.transports) as string[],
    userHandle: row.user_handle,
    rpId: row.rp_id,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/** The only code touching the passkeys table (0013). */
export class PasskeyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listOfUser(userId: number): Promise<PasskeyRecord[]> {
    const rows = await this.db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    return rows.map(toRecord);
  }

  async countOfUser(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('passkeys')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async findByCredentialId(credentialId: string): Promise<PasskeyRecord | undefined> {
    const row = await this.db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
    return row && toRecord(row);
  }

  /** Whether the credential id is taken (by any account). */
  async exists(credentialId: string): Promise<boolean> {
    return (await this.findByCredentialId(credentialId)) !== undefined;
  }

  /** Inserts the passkey; false when its credential id is registered already (the unique key). */
  async insert(passkey: NewPasskey): Promise<number | null> {
    const result = await this.db
      .insertInto('passkeys')
      .values({
        user_id: passkey.userId,
        credential_id: passkey.credentialId,
        public_key: passkey.publicKey,
        counter: passkey.counter,
        transports: JSON.stringify(passkey.transports),
        user_handle: passkey.userHandle,
        rp_id: passkey.rpId,
        name: passkey.name,
        created_at: passkey.createdAt,
        last_used_at: null,
      })
      .onConflict((oc) => oc.column('credential_id').doNothing())
      .executeTakeFirst();
    return result.numInsertedOrUpdatedRows === 1n ? Number(result.insertId) : null;
  }

  /**
   * Takes a verified signature: the counter moves from `seen` to `next` and the use is dated, only if the counter
   * is still `seen` (one statement, so two requests with one assertion cannot both pass).
   */
  async recordUse(id: number, seen: number, next: number, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('passkeys')
      .set({ counter: next, last_used_at: at })
      .where('id', '=', id)
      .where('counter', '=', seen)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async rename(userId: number, id: number, name: string): Promise<boolean> {
    const result = await this.db.updateTable('passkeys').set({ name }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Removes one passkey of the user; its name when there was one. */
  async remove(userId: number, id: number): Promise<string | null> {
    const row = await this.db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).returning('name').executeTakeFirst();
    return row?.name ?? null;
  }

  async removeAllOfUser(userId: number): Promise<void> {
    await this.db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
  }
}
