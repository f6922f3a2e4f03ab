import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface TotpRecord {
  secret: string;
  confirmed: boolean;
  lastStep: number | null;
}

/** The only code touching the second-factor tables (0012). */
export class SecondFactorRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findTotp(userId: number): Promise<TotpRecord | undefined> {
    const row = await this.db.selectFrom('totp_secrets').selectAll().where('user_id', '=', userId).executeTakeFirst();
    return row && { secret: row.secret, confirmed: row.confirmed_at !== null, lastStep: row.last_step };
  }

  /** Starts (or restarts) an unconfirmed enrolment; never touches a confirmed one. */
  async savePendingTotp(userId: number, secret: string, at: string): Promise<void> {
    await this.db.deleteFrom('totp_secrets').where('user_id', '=', userId).where('confirmed_at', 'is', null).execute();
    await this.db.insertInto('totp_secrets').values({ user_id: userId, secret, created_at: at, confirmed_at: null, last_step: null }).execute();
  }

  /** Confirms the pending enrolment and stores the recovery codes' hashes in one transaction. */
  async confirmTotp(userId: number, step: number, at: string, recoveryHashes: readonly string[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('totp_secrets')
        .set({ confirmed_at: at, last_step: step })
        .where('user_id', '=', userId)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await trx.insertInto('recovery_codes').values(recoveryHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null }))).execute();
      return true;
    });
  }

  /**
   * Takes `step` as the newest accepted step, only if it is newer than the last one: one statement, so two
   * requests with the same code cannot both pass.
   */
  async takeTotpStep(userId: number, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('totp_secrets')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is not', null)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Marks the code used if it is the user's and unused; whether it was. */
  async useRecoveryCode(userId: number, codeHash: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('recovery_codes')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async countUnusedRecoveryCodes(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Removes the app's secret and the recovery codes; whether there was a confirmed secret. */
  async removeTotp(userId: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx.deleteFrom('totp_secrets').where('user_id', '=', userId).where('confirmed_at', 'is not', null).executeTakeFirst();
      await trx.deleteFrom('totp_secrets').where('user_id', '=', userId).execute();
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      return result.numDeletedRows > 0n;
    });
  }
}
