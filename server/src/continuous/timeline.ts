import type { TimeSpan } from '@homecam/shared';
import { GAP_MS } from './playlist.js';
import type { SegmentSpan } from './segment-index.js';

/** At most this many motion buckets in one answer. */
export const MAX_BUCKETS = 2_000;

/** The bucket width for a range: ~240 buckets, at least 10 s, never more than MAX_BUCKETS. */
export function bucketWidth(from: number, to: number, asked?: number): number {
  const span = to - from;
  return Math.max(asked ?? Math.max(10_000, Math.ceil(span / 240)), Math.ceil(span / MAX_BUCKETS));
}

/** Footage spans (segments touching within GAP_MS merged) clipped to [from, to], and the gaps between. */
export function spansAndGaps(segments: readonly Pick<SegmentSpan, 'start_ms' | 'end_ms'>[], from: number, to: number): { spans: TimeSpan[]; gaps: TimeSpan[] } {
  const spans: TimeSpan[] = [];
  for (const segment of segments) {
    const start = Math.max(from, segment.start_ms);
    const end = Math.min(to, segment.end_ms);
    if (end <= start) continue;
    const last = spans[spans.length - 1];
    if (last && start - last.end <= GAP_MS) last.end = Math.max(last.end, end);
    else spans.push({ start, end });
  }
  const gaps: TimeSpan[] = [];
  let at = from;
  for (const span of spans) {
    if (span.start > at) gaps.push({ start: at, end: span.start });
    at = Math.max(at, span.end);
  }
  if (at < to) gaps.push({ start: at, end: to });
  return { spans, gaps };
}

/** Motion intensity per bucket, 0–100: the share of the bucket's footage that had motion. */
export function motionBuckets(segments: readonly Pick<SegmentSpan, 'start_ms' | 'end_ms' | 'motion_score'>[], from: number, to: number, bucketMs: number): number[] {
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
      motion[bucket] = (motion[bucket] ?? 0) + (overlap * segment.motion_score) / 100;
    }
  }
  return footage.map((length, i) => (length > 0 ? Math.round(((motion[i] ?? 0) / length) * 100) : 0));
}
