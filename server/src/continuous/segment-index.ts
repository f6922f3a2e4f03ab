import type { Selectable } from 'kysely';
import type { SegmentsTable } from '../db/schema.js';
import { num, type IndexDb } from './index-db.js';
import { refreshMinutes } from './minute-summary.js';
import { timelineData, type LiveSegment, type TimelineData, type TimelineRange } from './timeline-query.js';

export type SegmentRow = Selectable<SegmentsTable>;
export type TierClass = { motion: 0 | 1; event: 0 | 1 };

/** A change to these columns changes what the per-minute summary of the segment's minute says. */
const SUMMED: readonly ('start_ms' | 'end_ms' | 'motion_score')[] = ['start_ms', 'end_ms', 'motion_score'];

/**
 * The segment index: one row per segment file. Plain Kysely with nothing dialect-specific (no RETURNING-only
 * flows, no SQLite functions, integers for booleans), so it runs on SQLite and PostgreSQL alike. Every change to a
 * segment refreshes the per-minute summary of its minutes in the same transaction (segment_minutes, which the
 * timeline of long ranges reads), so the two never disagree.
 */
export class SegmentIndex {
  /** `nodeId`: retention only ever picks this node's segments (the files of other nodes are not on this disk). */
  constructor(
    private readonly db: IndexDb,
    private readonly nodeId: string | null = null,
  ) {}

  async insert(row: SegmentRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('segments').values(row).execute();
      await refreshMinutes(trx, row.camera, row.start_ms, row.start_ms);
    });
  }

  async update(id: string, changes: Partial<Omit<SegmentRow, 'id'>>): Promise<void> {
    if (!SUMMED.some((column) => changes[column] !== undefined)) {
      await this.db.updateTable('segments').set(changes).where('id', '=', id).execute();
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('segments').select(['camera', 'start_ms']).where('id', '=', id).executeTakeFirst();
      await trx.updateTable('segments').set(changes).where('id', '=', id).execute();
      if (!before) return;
      const was = num(before.start_ms);
      const now = changes.start_ms ?? was;
      await refreshMinutes(trx, before.camera, Math.min(was, now), Math.max(was, now));
    });
  }

  /**
   * A segment is closed with its length, size and flags. The event flag is only ever added here, never cleared:
   * an event that ended while the segment was being written has marked it already (markEvent), and the writer's
   * flags, taken at the close, no longer see that event open.
   */
  async finish(id: string, closed: Pick<SegmentRow, 'start_ms' | 'end_ms' | 'bytes' | 'status' | 'motion' | 'motion_score' | 'event'>): Promise<void> {
    const { event, ...rest } = closed;
    await this.update(id, event === 1 ? closed : rest);
  }

  async get(id: string): Promise<SegmentRow | undefined> {
    return this.db.selectFrom('segments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Segments of a camera overlapping [from, to), oldest first: one camera-day is the timeline's main query. */
  async overlapping(camera: string, from: number, to: number, maxSegmentMs: number): Promise<SegmentRow[]> {
    // start_ms > from - maxSegmentMs keeps the index range tight (a segment never spans more than that).
    return this.db
      .selectFrom('segments')
      .selectAll()
      .where('camera', '=', camera)
      .where('start_ms', '>', from - maxSegmentMs)
      .where('start_ms', '<', to)
      .where('end_ms', '>', from)
      .orderBy('start_ms')
      .execute();
  }

  /** Rows a crash left in 'writing' on this node. */
  async writing(nodeId: string): Promise<SegmentRow[]> {
    return this.db.selectFrom('segments').selectAll().where('node_id', '=', nodeId).where('status', '=', 'writing').execute();
  }

  /** The latest end per camera: a new segment never starts before it (a clock stepped back cannot overlap). */
  async lastEnds(): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('segments').select(['camera', (eb) => eb.fn.max('end_ms').as('end')]).groupBy('camera').execute();
    return new Map(rows.map((row) => [row.camera, num(row.end)]));
  }

  /** Where the camera's footage before `start` ends (null: none). */
  async endBefore(camera: string, start: number): Promise<number | null> {
    const row = await this.db.selectFrom('segments').select((eb) => eb.fn.max('end_ms').as('end')).where('camera', '=', camera).where('start_ms', '<', start).executeTakeFirst();
    return row?.end === null || row?.end === undefined ? null : num(row.end);
  }

  /** Bytes and count per camera, for the caps (kept up to date in memory afterwards). */
  async usage(): Promise<Map<string, { bytes: number; segments: number }>> {
    const rows = await this.db
      .selectFrom('segments')
      .select(['camera', (eb) => eb.fn.sum('bytes').as('bytes'), (eb) => eb.fn.countAll().as('segments')])
      .groupBy('camera')
      .execute();
    return new Map(rows.map((row) => [row.camera, { bytes: num(row.bytes), segments: num(row.segments) }]));
  }

  /** Finished segments of one tier class ending before `before`, oldest first (age retention). */
  async expired(tier: TierClass, before: number, limit: number): Promise<SegmentRow[]> {
    return this.db
      .selectFrom('segments')
      .selectAll()
      .where('motion', '=', tier.motion)
      .where('event', '=', tier.event)
      .where('status', '<>', 'writing')
      .$if(this.nodeId !== null, (q) => q.where('node_id', '=', this.nodeId ?? ''))
      // start < end: bounds the index range, so a class with nothing expired costs no table scan.
      .where('start_ms', '<', before)
      .where('end_ms', '<', before)
      .orderBy('start_ms')
      .limit(limit)
      .execute();
  }

  /** The oldest finished segments of one tier class, of one camera or of all: what a full cap drops first. */
  async oldest(tier: TierClass, camera: string | null, limit: number): Promise<SegmentRow[]> {
    let query = this.db
      .selectFrom('segments')
      .selectAll()
      .where('motion', '=', tier.motion)
      .where('event', '=', tier.event)
      .where('status', '<>', 'writing')
      .$if(this.nodeId !== null, (q) => q.where('node_id', '=', this.nodeId ?? ''));
    if (camera !== null) query = query.where('camera', '=', camera);
    return query.orderBy('start_ms').limit(limit).execute();
  }

  async delete(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      const touched = await trx
        .selectFrom('segments')
        .select(['camera', (eb) => eb.fn.min('start_ms').as('first'), (eb) => eb.fn.max('start_ms').as('last')])
        .where('id', 'in', [...ids])
        .groupBy('camera')
        .execute();
      await trx.deleteFrom('segments').where('id', 'in', [...ids]).execute();
      for (const row of touched) await refreshMinutes(trx, row.camera, num(row.first), num(row.last));
    });
  }

  /** One camera's timeline over a range (timeline-query.ts): spans, gaps and motion buckets. */
  async timeline(camera: string, range: TimelineRange, maxSegmentMs: number, live?: LiveSegment): Promise<TimelineData> {
    return timelineData(this.db, camera, range, maxSegmentMs, live);
  }

  /**
   * Marks the segments of a camera overlapping [from, to] as holding an event (the events tier). A segment still
   * being written has no end yet (its row says end = start) but reaches to now, past the finished event: it
   * overlaps whenever it began before the event's end.
   */
  async markEvent(camera: string, from: number, to: number, maxSegmentMs: number): Promise<void> {
    await this.db
      .updateTable('segments')
      .set({ event: 1 })
      .where('camera', '=', camera)
      .where('start_ms', '>', from - maxSegmentMs)
      .where('start_ms', '<=', to)
      .where((eb) => eb.or([eb('end_ms', '>=', from), eb('status', '=', 'writing')]))
      .execute();
  }

  /** Oldest start and bytes since `since` of one camera (Settings → Recordings). */
  async cameraStats(camera: string, since: number): Promise<{ oldest: number | null; recentBytes: number }> {
    const oldest = await this.db.selectFrom('segments').select((eb) => eb.fn.min('start_ms').as('oldest')).where('camera', '=', camera).executeTakeFirst();
    const recent = await this.db
      .selectFrom('segments')
      .select((eb) => eb.fn.sum('bytes').as('bytes'))
      .where('camera', '=', camera)
      .where('start_ms', '>=', since)
      .executeTakeFirst();
    const first = oldest?.oldest;
    return { oldest: first === null || first === undefined ? null : num(first), recentBytes: num(recent?.bytes) };
  }
}
