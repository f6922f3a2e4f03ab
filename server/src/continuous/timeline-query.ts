import type { TimeSpan } from '@homecam/shared';
import { num, type IndexDb } from './index-db.js';
import { MINUTE_MS, minuteGroups, type MinuteGroup } from './minute-summary.js';
import { GAP_MS } from './segment-clock.js';

/** At most this many motion buckets in one answer. */
export const MAX_BUCKETS = 2_000;

/** More groups than this with a hole inside: the segments themselves are read (a camera that kept dropping out). */
const MAX_HOLEY_GROUPS = 24;

/**
 * The bucket width for a range: ~240 buckets, at least 10 s, never more than MAX_BUCKETS; a minute or more is
 * rounded up to whole minutes, so a long range starting on a whole minute is answered from the minute summaries.
 */
export function bucketWidth(from: number, to: number, asked?: number): number {
  const span = to - from;
  const width = Math.max(asked ?? Math.max(10_000, Math.ceil(span / 240)), Math.ceil(span / MAX_BUCKETS));
  return width > MINUTE_MS ? Math.ceil(width / MINUTE_MS) * MINUTE_MS : width;
}

export interface TimelineData {
  spans: TimeSpan[];
  gaps: TimeSpan[];
  /** 0–100 per bucket from `from`. */
  motion: number[];
}

export interface TimelineRange {
  from: number;
  to: number;
  bucketMs: number;
}

/** The segment being written (indexed with its end = its start until it closes): its end so far, from the writer. */
export type LiveSegment = TimeSpan;

interface SpanRow {
  start_ms: number;
  end_ms: number;
  motion_score: number;
}

/** One camera's segments starting in [from, to), oldest first: three numbers each, read from the covering index. */
async function segmentSpans(db: IndexDb, camera: string, from: number, to: number): Promise<SpanRow[]> {
  const rows = await db
    .selectFrom('segments')
    .select(['start_ms', 'end_ms', 'motion_score'])
    .where('camera', '=', camera)
    .where('start_ms', '>=', from)
    .where('start_ms', '<', to)
    .orderBy('start_ms')
    .execute();
  return rows.map((row) => ({ start_ms: num(row.start_ms), end_ms: num(row.end_ms), motion_score: num(row.motion_score) }));
}

/**
 * The timeline of one camera over [from, to): footage spans, the gaps between them, motion per bucket. A long range
 * on whole minutes (a day: 8,640 segments of 10 s) is read from the per-minute summaries; anything else from the
 * segments. Both give the same spans and gaps (test/continuous-index.test.ts compares them on both databases).
 */
export async function timelineData(db: IndexDb, camera: string, range: TimelineRange, maxSegmentMs: number, live?: LiveSegment): Promise<TimelineData> {
  const onMinutes = range.from % MINUTE_MS === 0 && range.bucketMs % MINUTE_MS === 0;
  return (onMinutes ? await timelineFromMinutes(db, camera, range, maxSegmentMs, live) : null) ?? timelineFromSegments(db, camera, range, maxSegmentMs, live);
}

/** The exact reading: every segment that can reach into the range; motion split by overlap with each bucket. */
export async function timelineFromSegments(db: IndexDb, camera: string, range: TimelineRange, maxSegmentMs: number, live?: LiveSegment): Promise<TimelineData> {
  const rows = await segmentSpans(db, camera, range.from - maxSegmentMs, range.to);
  const pieces = rows.map((row) => ({ start: row.start_ms, end: row.end_ms }));
  return { ...spansAndGaps(withLive(pieces, live), range.from, range.to), motion: motionBuckets(rows, range) };
}

/**
 * The summary reading. A group of minutes (a motion bucket) whose footage fills its first start to last end within
 * GAP_MS has no hole worth showing inside (the holes between its segments sum to less), so it is one piece of
 * footage; the few groups with a hole are read segment by segment. Null: too many such groups, read the segments.
 */
export async function timelineFromMinutes(db: IndexDb, camera: string, range: TimelineRange, maxSegmentMs: number, live?: LiveSegment): Promise<TimelineData | null> {
  const { from, to, bucketMs } = range;
  const lookback = from - maxSegmentMs;
  const groups = await minuteGroups(db, camera, range, lookback);
  // Segments never overlap (each starts at or after the previous end); footage beyond the extent is a sign they do.
  const holey = (group: MinuteGroup): boolean => group.last - group.first - group.footage > GAP_MS || group.footage > group.last - group.first;
  if (groups.filter(holey).length > MAX_HOLEY_GROUPS) return null;
  const pieces: TimeSpan[] = [];
  const count = Math.ceil((to - from) / bucketMs);
  const motion = new Array<number>(count).fill(0);
  for (const group of groups) {
    if (group.bucket >= 0 && group.bucket < count && group.footage > 0) motion[group.bucket] = Math.round(group.motion / group.footage);
    if (!holey(group)) {
      pieces.push({ start: group.first, end: group.last });
      continue;
    }
    const start = group.bucket < 0 ? Math.floor(lookback / MINUTE_MS) * MINUTE_MS : from + group.bucket * bucketMs;
    const end = group.bucket < 0 ? from : start + bucketMs;
    for (const row of await segmentSpans(db, camera, start, end)) pieces.push({ start: row.start_ms, end: row.end_ms });
  }
  return { ...spansAndGaps(withLive(pieces, live), from, to), motion };
}

/** The live segment as a piece of its own: it is the camera's latest, so it goes last (its row's end is its start). */
function withLive(pieces: TimeSpan[], live?: LiveSegment): TimeSpan[] {
  return live ? [...pieces, { start: live.start, end: live.end }] : pieces;
}

/**
 * Pieces of footage in start order merged where they touch within GAP_MS, then clipped to [from, to]; the gaps are
 * the rest of the range.
 */
export function spansAndGaps(pieces: readonly TimeSpan[], from: number, to: number): { spans: TimeSpan[]; gaps: TimeSpan[] } {
  const merged: TimeSpan[] = [];
  for (const piece of pieces) {
    const last = merged[merged.length - 1];
    if (last && piece.start - last.end <= GAP_MS) last.end = Math.max(last.end, piece.end);
    else merged.push({ start: piece.start, end: piece.end });
  }
  const spans = merged.map((span) => ({ start: Math.max(from, span.start), end: Math.min(to, span.end) })).filter((span) => span.end > span.start);
  const gaps: TimeSpan[] = [];
  let at = from;
  for (const span of spans) {
    if (span.start > at) gaps.push({ start: at, end: span.start });
    at = Math.max(at, span.end);
  }
  if (at < to) gaps.push({ start: at, end: to });
  return { spans, gaps };
}

/** Motion intensity per bucket, 0–100: the share of the bucket's footage that had motion, by overlap. */
export function motionBuckets(segments: readonly SpanRow[], range: TimelineRange): number[] {
  const { from, to, bucketMs } = range;
  const count = Math.ceil((to - from) / bucketMs);
  const footage = new Array<number>(count).fill(0);
  const motion = new Array<number>(count).fill(0);
  for (const segment of segments) {
    const start = Math.max(from, segment.start_ms);
    const end = Math.min(to, segment.end_ms);
    for (let bucket = Math.floor((start - from) / bucketMs); bucket < count && from + bucket * bucketMs < end; bucket++) {
      const overlap = Math.min(end, from + (bucket + 1) * bucketMs) - Math.max(start, from + bucket * bucketMs);
      if (overlap <= 0) continue;
      footage[bucket] = (footage[bucket] ?? 0) + overlap;
      motion[bucket] = (motion[bucket] ?? 0) + overlap * segment.motion_score;
    }
  }
  return footage.map((length, i) => (length > 0 ? Math.round((motion[i] ?? 0) / length) : 0));
}
