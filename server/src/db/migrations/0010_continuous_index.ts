import type { Kysely, Migration } from 'kysely';

/** One row per segment file, with the indexes of the timeline, retention and the start-up repair. */
async function createSegments(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('segments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('node_id', 'text', (col) => col.notNull())
    .addColumn('camera', 'text', (col) => col.notNull())
    .addColumn('stream', 'text', (col) => col.notNull())
    .addColumn('start_ms', 'bigint', (col) => col.notNull())
    .addColumn('end_ms', 'bigint', (col) => col.notNull())
    .addColumn('bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    /** Bytes of the init segment at the file's start (HLS EXT-X-MAP byte range). */
    .addColumn('init_bytes', 'integer', (col) => col.notNull().defaultTo(0))
    /** Short hash of the init segment: segments with the same one share an EXT-X-MAP. */
    .addColumn('init_hash', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('root', 'text', (col) => col.notNull())
    .addColumn('file', 'text', (col) => col.notNull())
    .addColumn('motion', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('motion_score', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('event', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'text', (col) => col.notNull())
    .execute();
  // (camera, start_ms) first: one camera's range; the rest makes it cover the timeline's query (no table reads).
  await db.schema.createIndex('segments_camera_start').on('segments').columns(['camera', 'start_ms', 'end_ms', 'motion_score', 'event']).execute();
  await db.schema.createIndex('segments_start').on('segments').column('start_ms').execute();
  // Retention walks one tier class oldest first.
  await db.schema.createIndex('segments_tier_start').on('segments').columns(['event', 'motion', 'start_ms']).execute();
  await db.schema.createIndex('segments_status').on('segments').columns(['node_id', 'status']).execute();
}

async function createSegmentMinutes(db: Kysely<unknown>): Promise<void> {
  // Per camera and minute (by segment start): what the timeline of a long range reads instead of every segment
  // (SegmentIndex keeps it in step in the same transaction as each segment change; timeline-query.ts).
  await db.schema
    .createTable('segment_minutes')
    .addColumn('camera', 'text', (col) => col.notNull())
    .addColumn('minute_ms', 'bigint', (col) => col.notNull())
    /** Summed length of the minute's segments. */
    .addColumn('footage_ms', 'bigint', (col) => col.notNull())
    /** Summed length × motion_score (0–100) of the minute's segments. */
    .addColumn('motion_ms', 'bigint', (col) => col.notNull())
    .addColumn('first_ms', 'bigint', (col) => col.notNull())
    .addColumn('last_ms', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('segment_minutes_pk', ['camera', 'minute_ms'])
    .execute();
}

async function createReview(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('review_items')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('camera', 'text', (col) => col.notNull())
    .addColumn('start_ms', 'bigint', (col) => col.notNull())
    .addColumn('end_ms', 'bigint', (col) => col.notNull())
    /** JSON array of labels, in order of first appearance. */
    .addColumn('labels', 'text', (col) => col.notNull())
    .addColumn('events', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('review_items_camera_start').on('review_items').columns(['camera', 'start_ms']).execute();
  await db.schema.createIndex('review_items_start').on('review_items').column('start_ms').execute();
  await db.schema
    .createTable('review_marks')
    .addColumn('item_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('reviewed_ms', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('review_marks_pk', ['item_id', 'user_id'])
    .execute();
}

async function createExports(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('node_id', 'text', (col) => col.notNull())
    .addColumn('owner_id', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('camera', 'text', (col) => col.notNull())
    .addColumn('from_ms', 'bigint', (col) => col.notNull())
    .addColumn('to_ms', 'bigint', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('progress', 'real', (col) => col.notNull().defaultTo(0))
    .addColumn('bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('duration_ms', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('root', 'text', (col) => col.notNull())
    .addColumn('file', 'text', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('created_ms', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('exports_owner').on('exports').columns(['owner_id', 'created_ms']).execute();
}

/**
 * The 24/7 recording index (issue 19): segments, review items with per-user marks, exports. Written to run
 * unchanged on SQLite and PostgreSQL (the continuous module's tests run it on both): text ids made by the app (no
 * autoincrement, unique across nodes), epoch-ms times as bigint, booleans as 0/1 integers, files relative to a
 * node's root. Nothing here touches an older table, so a shared PostgreSQL can hold it without HomeCam's others.
 */
export const continuousIndex: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await createSegments(db);
    await createSegmentMinutes(db);
    await createReview(db);
    await createExports(db);
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('exports').execute();
    await db.schema.dropTable('review_marks').execute();
    await db.schema.dropTable('review_items').execute();
    await db.schema.dropTable('segment_minutes').execute();
    await db.schema.dropTable('segments').execute();
  },
};
