import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface RekognitionUsageRow {
  /** UTC `YYYY-MM` the count belongs to. */
  month: string;
  used: number;
  lastCall: string | null;
}

/** The single `rekognition_usage` row. */
export class RekognitionUsageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(): Promise<RekognitionUsageRow | undefined> {
    const row = await this.db.selectFrom('rekognition_usage').select(['month', 'used', 'last_call']).where('id', '=', 1).executeTakeFirst();
    return row && { month: row.month, used: row.used, lastCall: row.last_call };
  }

  async save(row: RekognitionUsageRow): Promise<void> {
    await this.db
      .insertInto('rekognition_usage')
      .values({ id: 1, month: row.month, used: row.used, last_call: row.lastCall })
      .onConflict((oc) => oc.column('id').doUpdateSet({ month: row.month, used: row.used, last_call: row.lastCall }))
      .execute();
  }
}
