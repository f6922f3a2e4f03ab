/**
 * The index part of `npm run bench:recording`: 30 days × 16 cameras of 10 s segments (4.1 M synthetic rows) in
 * SQLite and in a throw-away PostgreSQL 15, with their per-minute summaries made by the module's own refresh, then
 * the timeline of one camera-day (timelineData, the module's own code) timed 5 × 200 times on each: wall time, and the
 * CPU per query (this process, plus the PostgreSQL backend's own from /proc), which the machine's load does not skew.
 */
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { IndexTables } from '../../server/src/continuous/index-db.js';
import { refreshMinutes } from '../../server/src/continuous/minute-summary.js';
import { openPostgresIndex } from '../../server/src/continuous/pg-dialect.js';
import { bucketWidth, timelineData } from '../../server/src/continuous/timeline-query.js';
import { continuousIndex } from '../../server/src/db/migrations/0010_continuous_index.js';
import { startPostgres } from '../../server/test/helpers/postgres.js';
import { log } from './run.js';
import { percentile, summarize, type Summary } from './stats.js';

const DAY = 86_400_000;
const SEGMENT_MS = 10_000;
export const INDEX_DAYS = 30;
export const INDEX_CAMERAS = 16;
const T0 = Date.parse('2026-01-01T00:00:00Z');

export interface IndexResult {
  rows: number;
  fillSeconds: number;
  /** Spans + motion buckets in one day's answer (from 8,640 segments). */
  rowsPerQuery: number;
  /** Every timed query of every round. */
  query: Summary;
  /** The p95 of each round, and their median: what the row reports (a burst of someone else's work spoils one round, not the figure). */
  roundP95: number[];
  p95: number;
  /** Mean CPU per query: this process, plus the database server's backend on PostgreSQL. */
  cpuMsPerQuery: number;
}

const ROUNDS = 5;
const PER_ROUND = 200;

/** utime + stime of a process, in ms (clock ticks of 10 ms). */
async function processCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One camera-day, a different camera and day each time. */
async function dayQuery(db: Kysely<IndexTables>, i: number): Promise<number> {
  const day = T0 + ((i * 7) % INDEX_DAYS) * DAY;
  const data = await timelineData(db, `cam${i % INDEX_CAMERAS}`, { from: day, to: day + DAY, bucketMs: bucketWidth(day, day + DAY) }, 60 * 60_000);
  return data.motion.length + data.spans.length;
}

/** 20 queries to warm the caches, then ROUNDS rounds of PER_ROUND a second apart; wall time each, CPU in all. */
async function timeQueries(db: Kysely<IndexTables>, serverCpuMs: () => Promise<number>): Promise<Omit<IndexResult, 'rows' | 'fillSeconds'>> {
  let rows = 0;
  for (let i = 0; i < 20; i++) rows = await dayQuery(db, i);
  const cpu = process.cpuUsage();
  const server = await serverCpuMs();
  const rounds: number[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round > 0) await new Promise((resolve) => setTimeout(resolve, 1_000));
    const times: number[] = [];
    for (let i = 0; i < PER_ROUND; i++) {
      const t = performance.now();
      rows = await dayQuery(db, round * PER_ROUND + i);
      times.push(performance.now() - t);
    }
    rounds.push(times);
  }
  const own = process.cpuUsage(cpu);
  const cpuMs = (own.user + own.system) / 1000 + ((await serverCpuMs()) - server);
  const roundP95 = rounds.map((times) => percentile(times, 95));
  return { rowsPerQuery: rows, query: summarize(rounds.flat()), roundP95, p95: percentile(roundP95, 50), cpuMsPerQuery: cpuMs / (ROUNDS * PER_ROUND) };
}

/** The module's own refresh over each camera's whole range: what keeping the summaries in step adds up to. */
async function summarize30Days(db: Kysely<IndexTables>): Promise<void> {
  for (let c = 0; c < INDEX_CAMERAS; c++) await refreshMinutes(db, `cam${c}`, T0, T0 + INDEX_DAYS * DAY);
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
  await summarize30Days(db);
  raw.exec('analyze');
  const fillSeconds = (performance.now() - t) / 1000;
  log(`sqlite: ${INDEX_CAMERAS * perCamera} rows in ${fillSeconds.toFixed(1)} s`);
  const timed = await timeQueries(db, () => Promise.resolve(0));
  await db.destroy();
  return { rows: INDEX_CAMERAS * perCamera, fillSeconds, ...timed };
}

export async function postgresIndex(): Promise<IndexResult> {
  const server = await startPostgres();
  // One connection: its backend's CPU is the server's share of every query.
  const db = openPostgresIndex({ ...server.connection, max: 1 });
  try {
    await continuousIndex.up(db as Kysely<unknown>);
    const perCamera = (INDEX_DAYS * DAY) / SEGMENT_MS;
    const t = performance.now();
    // Server-side generation: the rows are synthetic, their shape is what matters.
    await sql`insert into segments (id, node_id, camera, stream, start_ms, end_ms, bytes, init_bytes, init_hash, root, file, motion, motion_score, event, status)
      select 'c' || c || '-' || i, 'n1', 'cam' || c, 'main', ${T0}::bigint + i::bigint * ${SEGMENT_MS}, ${T0}::bigint + (i::bigint + 1) * ${SEGMENT_MS}, 2500000, 800, 'h', '/rec',
        'seg/' || c || '/' || i || '.mp4', (i % 5 = 0)::int, case when i % 5 = 0 then 40 else 0 end, (i % 97 = 0)::int, 'complete'
      from generate_series(0, ${INDEX_CAMERAS - 1}) c, generate_series(0, ${perCamera - 1}) i`.execute(db);
    await summarize30Days(db);
    // What autovacuum does after a bulk load (statistics, the visibility map index-only scans need), and the
    // checkpoint that writes the load out: neither then runs beside the timed queries.
    await sql`vacuum analyze segments, segment_minutes`.execute(db);
    await sql`checkpoint`.execute(db);
    const fillSeconds = (performance.now() - t) / 1000;
    log(`postgres: ${INDEX_CAMERAS * perCamera} rows in ${fillSeconds.toFixed(1)} s`);
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    const backend = rows[0]?.pid ?? 0;
    return { rows: INDEX_CAMERAS * perCamera, fillSeconds, ...(await timeQueries(db, () => processCpuMs(backend))) };
  } finally {
    await db.destroy();
    await server.stop();
  }
}
