import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { IndexTables } from './index-db.js';

/** int8 (COUNT, bigint columns) and numeric (SUM of bigint) as JS numbers: epoch ms and byte counts fit in 2^53. */
const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser: ((oid: number, format?: string) => {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  }) as typeof pg.types.getTypeParser,
};

/**
 * The index on PostgreSQL (the next step: several nodes sharing one database). Used by the dual-dialect test and
 * the bench today; the type parsers are per pool, so nothing global in `pg` changes.
 */
export function openPostgresIndex(connection: pg.PoolConfig): Kysely<IndexTables> {
  return new Kysely<IndexTables>({ dialect: new PostgresDialect({ pool: new pg.Pool({ max: 4, ...connection, types }) }) });
}
