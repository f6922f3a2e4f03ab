import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexTables } from '../src/continuous/index-db.js';
import { ExportIndex } from '../src/continuous/export-index.js';
import { openPostgresIndex } from '../src/continuous/pg-dialect.js';
import { ReviewIndex } from '../src/continuous/review-index.js';
import { SegmentIndex, type SegmentRow } from '../src/continuous/segment-index.js';
import { refreshMinutes } from '../src/continuous/minute-summary.js';
import { timelineData, timelineFromMinutes, timelineFromSegments } from '../src/continuous/timeline-query.js';
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
    // The timeline in the database: buckets of motion, the footage and its holes (the Drive row is another camera).
    await index.insert(segment('Yard', 25));
    const timeline = await timelineData(db(), 'Yard', { from: T0 - 20_000, to: T0 + 300_000, bucketMs: 40_000 }, 60_000);
    expect(timeline.spans).toEqual([{ start: T0, end: T0 + 200_000 }, { start: T0 + 250_000, end: T0 + 260_000 }]);
    expect(timeline.gaps).toEqual([{ start: T0 - 20_000, end: T0 }, { start: T0 + 200_000, end: T0 + 250_000 }, { start: T0 + 260_000, end: T0 + 300_000 }]);
    // Segments 0, 4, 8 … have motion (score 0 in the rows: flags only); bucket 0 holds segments 0 and 1.
    expect(timeline.motion).toHaveLength(8);
    await index.update('Yard-0', { motion_score: 60 });
    expect((await timelineData(db(), 'Yard', { from: T0, to: T0 + 40_000, bucketMs: 40_000 }, 60_000)).motion).toEqual([15]);
    await index.delete(['Yard-25']);
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

  it('answers a camera-day from the per-minute summaries with the spans, gaps and motion the segments give', async () => {
    const index = new SegmentIndex(db());
    // 20 h of 10 s segments from 30 s before the day, loaded in bulk and summed once (what a migration would do).
    const rows = Array.from({ length: 7_203 }, (_, i) => segment('Porch', i - 3, { id: `Porch-${i}`, motion_score: i % 50 === 0 ? 80 : 0 }));
    for (let i = 0; i < rows.length; i += 500) await db().insertInto('segments').values(rows.slice(i, i + 500)).execute();
    await refreshMinutes(db(), 'Porch', T0 - 30_000, T0 + 20 * 3_600_000);
    // Then changes through the index, each of which must keep the summaries true:
    await index.update('Porch-400', { end_ms: T0 + 397 * 10_000 + 7_000 }); // a 3 s hole inside a bucket: shown
    await index.update('Porch-800', { end_ms: T0 + 797 * 10_000 + 9_500 }); // 0.5 s: clock jitter, not a gap
    await index.delete(Array.from({ length: 40 }, (_, i) => `Porch-${1_415 + i}`)); // 400 s across a bucket's edge
    await index.update('Porch-2003', { motion_score: 90 });
    await index.update('Porch-3003', { start_ms: T0 + 2_999 * 10_000 + 1_000 }); // re-anchored at close
    await index.insert(segment('Porch', 7_300, { id: 'Porch-live', end_ms: T0 + 7_300 * 10_000, status: 'writing' }));
    const live = { start: T0 + 73_000_000, end: T0 + 73_004_000 };
    const range = { from: T0, to: T0 + DAY, bucketMs: 360_000 };

    const fromMinutes = await timelineFromMinutes(db(), 'Porch', range, 60_000, live);
    const fromSegments = await timelineFromSegments(db(), 'Porch', range, 60_000, live);
    expect(fromMinutes).toEqual(fromSegments);
    expect(fromMinutes?.spans).toEqual([
      { start: T0, end: T0 + 397 * 10_000 + 7_000 },
      { start: T0 + 398 * 10_000, end: T0 + 1_412 * 10_000 },
      { start: T0 + 1_452 * 10_000, end: T0 + 7_200 * 10_000 },
      { start: T0 + 7_300 * 10_000, end: T0 + 73_004_000 },
    ]);
    expect(fromMinutes?.gaps[0]).toEqual({ start: T0 + 397 * 10_000 + 7_000, end: T0 + 398 * 10_000 });
    expect(fromMinutes?.motion).toHaveLength(240);
    // A bucket is 36 segments: segments 47, 97, … scored 80 when loaded, segment 2000 (bucket 55) 90 since.
    expect(fromMinutes?.motion.slice(0, 3)).toEqual([0, Math.round((80 * 10_000) / 360_000), 2]);
    expect(fromMinutes?.motion[55]).toBe(Math.round(((90 + 80) * 10_000) / 360_000));

    // A camera that kept dropping out (a hole in more than 24 buckets): read from the segments, same answer.
    const flaky = Array.from({ length: 2_000 }, (_, i) => segment('Flaky', i, { end_ms: T0 + i * 10_000 + (i % 30 === 0 ? 5_000 : 10_000) }));
    for (let i = 0; i < flaky.length; i += 500) await db().insertInto('segments').values(flaky.slice(i, i + 500)).execute();
    await refreshMinutes(db(), 'Flaky', T0, T0 + 2_000 * 10_000);
    expect(await timelineFromMinutes(db(), 'Flaky', range, 60_000)).toBeNull();
    const flakyDay = await timelineData(db(), 'Flaky', range, 60_000);
    expect(flakyDay).toEqual(await timelineFromSegments(db(), 'Flaky', range, 60_000));
    expect(flakyDay.spans).toHaveLength(68); // 67 holes of 5 s

    // A minute whose segments all went has no summary row left: 1,201 minutes loaded, the live one added, six
    // emptied by the 400 s cut; now the live minute and the last loaded one (segments 7194–7199) go.
    await index.delete(['Porch-live', ...Array.from({ length: 6 }, (_, i) => `Porch-${7_197 + i}`)]);
    const summarized = await db().selectFrom('segment_minutes').select((eb) => eb.fn.countAll().as('n')).where('camera', '=', 'Porch').executeTakeFirst();
    expect(Number(summarized?.n)).toBe(1_200 - 6);
  });

  it('keeps the events tier on segments an event touched while they were written, through their close', async () => {
    const index = new SegmentIndex(db());
    const writing = (id: string, start: number): SegmentRow => segment('Gate', 0, { id, start_ms: start, end_ms: start, bytes: 0, status: 'writing' });
    const closed = (start: number) => ({ start_ms: start, end_ms: start + 10_000, bytes: 500_000, status: 'complete', motion: 0 as const, motion_score: 0, event: 0 as const });
    // The event [T0 + 2 s, T0 + 5 s] ends while two segments are written: one began inside it, one before it.
    await index.insert(writing('began-inside', T0 + 4_000));
    await index.insert(segment('Gate', 0, { id: 'began-before', camera: 'Shed', start_ms: T0, end_ms: T0, bytes: 0, status: 'writing' }));
    await index.markEvent('Gate', T0 + 2_000, T0 + 5_000, 60_000);
    await index.markEvent('Shed', T0 + 2_000, T0 + 5_000, 60_000);
    // Both close after the event: the writer's flags no longer see it open (event 0), the mark stays.
    await index.finish('began-inside', closed(T0 + 4_000));
    await index.finish('began-before', closed(T0));
    expect((await index.get('began-inside'))?.event).toBe(1);
    expect((await index.get('began-before'))?.event).toBe(1);
    // A segment begun after the event is plain; one closed while an event is open is in the events tier.
    await index.insert(writing('began-after', T0 + 14_000));
    await index.markEvent('Gate', T0 + 2_000, T0 + 5_000, 60_000);
    await index.finish('began-after', closed(T0 + 14_000));
    expect((await index.get('began-after'))?.event).toBe(0);
    await index.insert(writing('during-next', T0 + 24_000));
    await index.finish('during-next', { ...closed(T0 + 24_000), event: 1 });
    expect((await index.get('during-next'))?.event).toBe(1);
    expect((await index.oldest({ motion: 0, event: 0 }, 'Gate', 10)).map((row) => row.id)).toEqual(['began-after']);
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
