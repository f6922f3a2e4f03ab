import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { IndexTables } from './index-db.js';

/** int8 (COUNT, bigint columns) and numeric (SUM of bigint) as JS numbers: epoch ms and byte counts fit in 2^53. */
const INT8 = 20;
const NUMERIC = 1700;
const toNumber = (value: string): number => Number(value);
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown => {
    if (oid === INT8 || oid === NUMERIC) return toNumber;
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

/**
 * The index on PostgreSQL (the next step: several nodes sharing one database). Used by the dual-dialect test and
 * the bench today; the type parsers are per pool, so nothing global in `pg` changes.
 */
export function openPostgresIndex(connection: pg.PoolConfig): Kysely<IndexTables> {
  return new Kysely<IndexTables>({ dialect: new PostgresDialect({ pool: new pg.Pool({ max: 4, ...connection, types }) }) });
}
