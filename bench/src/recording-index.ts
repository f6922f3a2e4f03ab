/**
 * The index part of `npm run bench:recording`: 30 days × 16 cameras of 10 s segments (4.1 M synthetic rows) in
 * SQLite and in a throw-away PostgreSQL 15, then the timeline's one camera-day query (SegmentIndex.spans, the
 * module's own code) timed 200 times on each.
 */
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { join } from 'node:path';
import type { IndexTables } from '../../server/src/continuous/index-db.js';
import { openPostgresIndex } from '../../server/src/continuous/pg-dialect.js';
import { SegmentIndex } from '../../server/src/continuous/segment-index.js';
import { continuousIndex } from '../../server/src/db/migrations/0010_continuous_index.js';
import { startPostgres } from '../../server/test/helpers/postgres.js';
import { log } from './run.js';
import { summarize, type Summary } from './stats.js';

const DAY = 86_400_000;
const SEGMENT_MS = 10_000;
export const INDEX_DAYS = 30;
export const INDEX_CAMERAS = 16;
const T0 = Date.parse('2026-01-01T00:00:00Z');

export interface IndexResult {
  rows: number;
  fillSeconds: number;
  rowsPerQuery: number;
  query: Summary;
}

async function timeQueries(db: Kysely<IndexTables>): Promise<{ rowsPerQuery: number; query: Summary }> {
  const index = new SegmentIndex(db);
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < 220; i++) {
    const camera = `cam${i % INDEX_CAMERAS}`;
    const day = T0 + ((i * 7) % INDEX_DAYS) * DAY;
    const t = performance.now();
    rows = (await index.spans(camera, day, day + DAY, 60 * 60_000)).length;
    if (i >= 20) times.push(performance.now() - t); // the first 20 warm the caches
  }
  return { rowsPerQuery: rows, query: summarize(times) };
}

export async function sqliteIndex(dir: string): Promise<IndexResult> {
  const file = join(dir, 'index.db');
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  const db = new Kysely<IndexTables>({ dialect: new SqliteDialect({ database: raw }) });
  await continuousIndex.up(db as Kysely<unknown>);
  const t = performance.now();
  const insert = raw.prepare(
    "insert into segments (id, node_id, camera, stream, start_ms, end_ms, bytes, init_bytes, init_hash, root, file, motion, motion_score, event, status) values (?, 'n1', ?, 'main', ?, ?, 2500000, 800, 'h', '/rec', ?, ?, ?, ?, 'complete')",
  );
  const perCamera = (INDEX_DAYS * DAY) / SEGMENT_MS;
  for (let c = 0; c < INDEX_CAMERAS; c++) {
    raw.transaction(() => {
      for (let i = 0; i < perCamera; i++) {
        const start = T0 + i * SEGMENT_MS;
        insert.run(`c${c}-${i}`, `cam${c}`, start, start + SEGMENT_MS, `seg/${c}/${i}.mp4`, i % 5 === 0 ? 1 : 0, i % 5 === 0 ? 40 : 0, i % 97 === 0 ? 1 : 0);
      }
    })();
  }
  raw.exec('analyze');
  const fillSeconds = (performance.now() - t) / 1000;
  log(`sqlite: ${INDEX_CAMERAS * perCamera} rows in ${fillSeconds.toFixed(1)} s`);
  const timed = await timeQueries(db);
  await db.destroy();
  return { rows: INDEX_CAMERAS * perCamera, fillSeconds, ...timed };
}

export async function postgresIndex(): Promise<IndexResult> {
  const server = await startPostgres();
  const db = openPostgresIndex(server.connection);
  try {
    await continuousIndex.up(db as Kysely<unknown>);
    const perCamera = (INDEX_DAYS * DAY) / SEGMENT_MS;
    const t = performance.now();
    // Server-side generation: the rows are synthetic, their shape is what matters.
    await sql`insert into segments (id, node_id, camera, stream, start_ms, end_ms, bytes, init_bytes, init_hash, root, file, motion, motion_score, event, status)
      select 'c' || c || '-' || i, 'n1', 'cam' || c, 'main', ${T0}::bigint + i::bigint * ${SEGMENT_MS}, ${T0}::bigint + (i::bigint + 1) * ${SEGMENT_MS}, 2500000, 800, 'h', '/rec',
        'seg/' || c || '/' || i || '.mp4', (i % 5 = 0)::int, case when i % 5 = 0 then 40 else 0 end, (i % 97 = 0)::int, 'complete'
      from generate_series(0, ${INDEX_CAMERAS - 1}) c, generate_series(0, ${perCamera - 1}) i`.execute(db);
    // What autovacuum does after a bulk load: statistics, and the visibility map index-only scans need.
    await sql`vacuum analyze segments`.execute(db);
    const fillSeconds = (performance.now() - t) / 1000;
    log(`postgres: ${INDEX_CAMERAS * perCamera} rows in ${fillSeconds.toFixed(1)} s`);
    return { rows: INDEX_CAMERAS * perCamera, fillSeconds, ...(await timeQueries(db)) };
  } finally {
    await db.destroy();
    await server.stop();
  }
}
