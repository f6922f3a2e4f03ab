import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The tables the continuous module reads and writes. Its queries take this narrow type, so the same code runs on
 * HomeCam's SQLite and on a PostgreSQL that holds only these tables (test/continuous-index.test.ts runs both).
 */
export type IndexTables = Pick<Database, 'segments' | 'segment_minutes' | 'review_items' | 'review_marks' | 'exports'>;
export type IndexDb = Kysely<IndexTables>;

/** A number from an aggregate: PostgreSQL answers SUM(bigint) as a numeric string, SQLite as a number or null. */
export function num(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' || typeof value === 'bigint') return Number(value);
  return 0;
}

/** HomeCam's database seen through the index tables only (Kysely is invariant in its schema type; the tables are there). */
export function asIndexDb(db: Kysely<Database>): IndexDb {
  return db as unknown as IndexDb;
}
