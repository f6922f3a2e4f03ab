import { sql } from 'kysely';
import { num, type IndexDb } from './index-db.js';

export const MINUTE_MS = 60_000;

export const floorMinute = (ms: number): number => Math.floor(ms / MINUTE_MS) * MINUTE_MS;

/** The minute a segment belongs to, in SQL: integer division on both dialects (start_ms is an integer column). */
const minuteOfStart = sql<number>`(start_ms / ${sql.lit(MINUTE_MS)}) * ${sql.lit(MINUTE_MS)}`;

/**
 * Recomputes the per-minute sums of one camera's segments starting in [from, to] (whole minutes) from the segments
 * themselves, so a summary row is always what its segments say, whatever changed them. Minutes left without a
 * segment lose their row. The upsert (not a plain insert) lets two nodes' transactions on a shared PostgreSQL meet
 * on one minute without a key violation. Call it inside the transaction that changed the segments.
 */
export async function refreshMinutes(db: IndexDb, camera: string, from: number, to: number): Promise<void> {
  const lo = floorMinute(from);
  const hi = floorMinute(to) + MINUTE_MS;
  await db.deleteFrom('segment_minutes').where('camera', '=', camera).where('minute_ms', '>=', lo).where('minute_ms', '<', hi).execute();
  await db
    .insertInto('segment_minutes')
    .columns(['camera', 'minute_ms', 'footage_ms', 'motion_ms', 'first_ms', 'last_ms'])
    .expression(
      db
        .selectFrom('segments')
        .select([
          'camera',
          minuteOfStart.as('minute_ms'),
          sql<number>`sum(end_ms - start_ms)`.as('footage_ms'),
          sql<number>`sum((end_ms - start_ms) * motion_score)`.as('motion_ms'),
          sql<number>`min(start_ms)`.as('first_ms'),
          sql<number>`max(end_ms)`.as('last_ms'),
        ])
        .where('camera', '=', camera)
        .where('start_ms', '>=', lo)
        .where('start_ms', '<', hi)
        .groupBy(['camera', minuteOfStart]),
    )
    .onConflict((conflict) =>
      conflict.columns(['camera', 'minute_ms']).doUpdateSet((eb) => ({
        footage_ms: eb.ref('excluded.footage_ms'),
        motion_ms: eb.ref('excluded.motion_ms'),
        first_ms: eb.ref('excluded.first_ms'),
        last_ms: eb.ref('excluded.last_ms'),
      })),
    )
    .execute();
}

/** The minutes of one group of the timeline, summed: its first start, last end, footage and footage × motion score. */
export interface MinuteGroup {
  /** -1: the minutes before the range (segments that may reach into it); else the motion bucket. */
  bucket: number;
  first: number;
  last: number;
  footage: number;
  motion: number;
}

/**
 * One camera's minutes from `lookback` to `to`, summed per motion bucket of [from, to) (`from` on a whole minute,
 * `bucketMs` whole minutes): a camera-day is 1,440 primary-key rows folded to 240 groups in the database.
 */
export async function minuteGroups(db: IndexDb, camera: string, range: { from: number; to: number; bucketMs: number }, lookback: number): Promise<MinuteGroup[]> {
  const { from, to, bucketMs } = range;
  // CAST: better-sqlite3 binds numbers as REAL, so the division would not be an integer one there.
  const bucket = sql<number>`case when minute_ms < ${from} then -1 else cast((minute_ms - ${from}) / ${bucketMs} as integer) end`;
  const rows = await db
    .selectFrom('segment_minutes')
    .select([
      bucket.as('bucket'),
      sql<number>`min(first_ms)`.as('first'),
      sql<number>`max(last_ms)`.as('last'),
      sql<number>`sum(footage_ms)`.as('footage'),
      sql<number>`sum(motion_ms)`.as('motion'),
    ])
    .where('camera', '=', camera)
    .where('minute_ms', '>=', floorMinute(lookback))
    .where('minute_ms', '<', to)
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
  return rows.map((row) => ({ bucket: num(row.bucket), first: num(row.first), last: num(row.last), footage: num(row.footage), motion: num(row.motion) }));
}
