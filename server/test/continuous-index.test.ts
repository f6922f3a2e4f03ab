import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexTables } from '../src/continuous/index-db.js';
import { ExportIndex } from '../src/continuous/export-index.js';
import { openPostgresIndex } from '../src/continuous/pg-dialect.js';
import { ReviewIndex } from '../src/continuous/review-index.js';
import { SegmentIndex, type SegmentRow } from '../src/continuous/segment-index.js';
import { continuousIndex } from '../src/db/migrations/0010_continuous_index.js';
import { startPostgres, type TestPostgres } from './helpers/postgres.js';
import { makeDataDir } from './helpers/test-app.js';

/**
 * The same index queries on a real SQLite file and a real PostgreSQL 15 (a throw-away cluster on a free loopback
 * port): the migration, inserts, range queries, aggregates (pg answers SUM/COUNT of bigint as strings), the
 * review upsert (ON CONFLICT) and left join, and the export rows. Nothing SQLite-only may creep in.
 */
let postgres: TestPostgres;
const dbs: { name: string; db: Kysely<IndexTables> }[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
  const sqlite = new Kysely<IndexTables>({ dialect: new SqliteDialect({ database: new SQLite(join(await makeDataDir(), 'index.db')) }) });
  const pg = openPostgresIndex(postgres.connection);
  for (const db of [sqlite, pg]) await continuousIndex.up(db as Kysely<unknown>);
  dbs.push({ name: 'sqlite', db: sqlite }, { name: 'postgres', db: pg });
}, 60_000);

afterAll(async () => {
  for (const { db } of dbs) await db.destroy();
  await postgres?.stop();
});

const DAY = 86_400_000;
const T0 = Date.parse('2026-03-01T00:00:00Z');

function segment(camera: string, i: number, extra: Partial<SegmentRow> = {}): SegmentRow {
  const start = T0 + i * 10_000;
  return {
    id: `${camera}-${i}`, node_id: 'node-a', camera, stream: 'main', start_ms: start, end_ms: start + 10_000, bytes: 1_000_000 + i,
    init_bytes: 800, init_hash: 'abc', root: '/rec', file: `seg/${camera}/${i}.mp4`, motion: 0, motion_score: 0, event: 0, status: 'complete', ...extra,
  };
}

describe.each(['sqlite', 'postgres'])('the continuous index on %s', (name) => {
  const db = () => dbs.find((entry) => entry.name === name)?.db as Kysely<IndexTables>;

  it('inserts segments and answers range, last-end, usage and tier queries with numbers', async () => {
    const index = new SegmentIndex(db());
    for (let i = 0; i < 20; i++) await index.insert(segment('Yard', i, { motion: i % 4 === 0 ? 1 : 0, event: i === 7 ? 1 : 0 }));
    await index.insert(segment('Drive', 0, { status: 'writing' }));
    const window = await index.overlapping('Yard', T0 + 25_000, T0 + 55_000, 60_000);
    expect(window.map((row) => row.id)).toEqual(['Yard-2', 'Yard-3', 'Yard-4', 'Yard-5']);
    expect(typeof window[0]?.start_ms).toBe('number');
    expect(window[0]?.start_ms).toBe(T0 + 20_000);
    const spans = await index.spans('Yard', T0, T0 + DAY, 60_000);
    expect(spans).toHaveLength(20);
    expect((await index.lastEnds()).get('Yard')).toBe(T0 + 200_000);
    const usage = await index.usage();
    expect(usage.get('Yard')).toEqual({ bytes: 20 * 1_000_000 + 190, segments: 20 });
    expect((await index.writing('node-a')).map((row) => row.id)).toEqual(['Drive-0']);
    expect((await index.expired({ motion: 0, event: 0 }, T0 + 60_000, 100)).map((row) => row.id)).toEqual(['Yard-1', 'Yard-2', 'Yard-3']);
    expect((await index.oldest({ motion: 1, event: 0 }, 'Yard', 2)).map((row) => row.id)).toEqual(['Yard-0', 'Yard-4']);
    expect((await index.oldest({ motion: 0, event: 1 }, null, 5)).map((row) => row.id)).toEqual(['Yard-7']);
    await index.markEvent('Yard', T0 + 105_000, T0 + 115_000, 60_000);
    expect((await index.oldest({ motion: 0, event: 1 }, 'Yard', 5)).map((row) => row.id)).toEqual(['Yard-7', 'Yard-10', 'Yard-11']);
    const stats = await index.cameraStats('Yard', T0 + 150_000);
    expect(stats).toEqual({ oldest: T0, recentBytes: 5 * 1_000_000 + 15 + 16 + 17 + 18 + 19 });
    // Retention on another node never picks this node's footage.
    const elsewhere = new SegmentIndex(db(), 'node-b');
    expect(await elsewhere.expired({ motion: 0, event: 0 }, T0 + 60_000, 100)).toEqual([]);
    expect(await elsewhere.oldest({ motion: 0, event: 1 }, null, 5)).toEqual([]);
    await index.delete(['Yard-0', 'Yard-1']);
    expect((await index.usage()).get('Yard')?.segments).toBe(18);
  });

  it('merges overlapping events into one review item per camera, and keeps marks per user', async () => {
    const review = new ReviewIndex(db());
    const a = await review.addEvent('Yard', T0, T0 + 30_000, ['motion']);
    const b = await review.addEvent('Yard', T0 + 60_000, T0 + 90_000, ['person']);
    expect(b).not.toBe(a);
    await review.mark(a, 1, T0);
    await review.mark(a, 1, T0 + 1);
    expect(await review.unreviewedCount(1)).toBe(1);
    expect(await review.unreviewedCount(2)).toBe(2);
    // An event bridging both merges them, and reopens the item (a new event to look at).
    const merged = await review.addEvent('Yard', T0 + 20_000, T0 + 70_000, ['doorbell']);
    expect(merged).toBe(a);
    const items = await review.list(1, {}, 10);
    expect(items).toEqual([{ id: a, camera: 'Yard', start: T0, end: T0 + 90_000, labels: ['motion', 'person', 'doorbell'], events: 3, reviewed: false }]);
    await review.addEvent('Drive', T0, T0 + 5_000, ['motion']);
    expect(await review.markAll(1, { cameras: ['Yard'] }, T0 + 5)).toBe(1);
    expect((await review.list(1, { reviewed: false }, 10)).map((item) => item.camera)).toEqual(['Drive']);
    expect((await review.list(1, { reviewed: true }, 10)).map((item) => item.id)).toEqual([a]);
    expect(await review.unreviewedCount(2, ['Yard', 'Drive'])).toBe(2);
    await review.unmark(a, 1);
    expect(await review.unreviewedCount(1)).toBe(2);
    await review.deleteBefore(T0 + 50_000);
    expect((await review.list(1, {}, 10)).map((item) => item.camera)).toEqual(['Yard']);
  });

  it('stores export jobs with numeric fields', async () => {
    const exports = new ExportIndex(db());
    const row = { id: 'e1', node_id: 'node-a', owner_id: 3, name: 'Gate', camera: 'Yard', from_ms: T0, to_ms: T0 + 90_000, status: 'queued', progress: 0, bytes: 0, duration_ms: 0, root: '/rec', file: 'exports.d/e1.mp4', error: null, created_ms: T0 };
    await exports.insert(row);
    await exports.update('e1', { status: 'done', progress: 1, bytes: 5_000_000_000, duration_ms: 90_000 });
    expect(await exports.get('e1')).toMatchObject({ status: 'done', progress: 1, bytes: 5_000_000_000, from_ms: T0 });
    expect((await exports.list(3)).map((r) => r.id)).toEqual(['e1']);
    expect(await exports.list(4)).toEqual([]);
    expect(await exports.unfinished('node-a')).toEqual([]);
  });
});
