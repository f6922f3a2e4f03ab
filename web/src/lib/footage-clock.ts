/**
 * Recorded playback plays an HLS VOD playlist whose segments each carry their wall-clock start
 * (EXT-X-PROGRAM-DATE-TIME). The player's media time runs continuously across gaps (an outage is left out, not
 * played as black), so wall clock and media time are mapped segment by segment here.
 */
/** The player's speeds. */
export const PLAYBACK_RATES = [1, 2, 4, 8] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

export interface ClockSegment {
  /** Media time of the segment's start, seconds (the player's currentTime). */
  start: number;
  /** Seconds. */
  duration: number;
  /** Wall clock of its first frame, epoch ms. */
  date: number;
}

export interface MediaPosition {
  /** The player's currentTime for the instant. */
  media: number;
  /** The instant playback lands on: the one asked for, or the start of the next footage when it fell in a gap. */
  wall: number;
}

/** The segment whose media time holds `media` (the last one for a time past the end), by binary search. */
function segmentAtMedia(segments: readonly ClockSegment[], media: number): ClockSegment | null {
  let low = 0;
  let high = segments.length - 1;
  let found: ClockSegment | null = null;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const segment = segments[mid]!;
    if (segment.start <= media) {
      found = segment;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found ?? segments[0] ?? null;
}

/** The wall clock (epoch ms) of media time `media`; null without segments. */
export function wallAt(segments: readonly ClockSegment[], media: number): number | null {
  const segment = segmentAtMedia(segments, media);
  if (!segment) return null;
  const into = Math.min(Math.max(0, media - segment.start), segment.duration);
  return segment.date + into * 1000;
}

/**
 * The media time of wall clock `wall`: inside a segment, the matching offset; in a gap or before the first segment,
 * the next segment's start; after the last one, null (that footage is not in this playlist).
 */
export function mediaAt(segments: readonly ClockSegment[], wall: number): MediaPosition | null {
  for (const segment of segments) {
    const end = segment.date + segment.duration * 1000;
    if (wall < segment.date) return { media: segment.start, wall: segment.date };
    if (wall < end) return { media: segment.start + (wall - segment.date) / 1000, wall };
  }
  return null;
}

/** The wall-clock range the segments cover: [first start, last end). */
export function coveredRange(segments: readonly ClockSegment[]): { start: number; end: number } | null {
  const first = segments[0];
  const last = segments[segments.length - 1];
  return first && last ? { start: first.date, end: last.date + last.duration * 1000 } : null;
}

/** The media times where one segment ends and the next begins (where playback crosses a file). */
export function boundaries(segments: readonly ClockSegment[]): number[] {
  return segments.slice(1).map((segment) => segment.start);
}

/** Half the playlist window before the instant asked for, the rest after it: scrubbing near it needs no reload. */
export const PLAYLIST_BEFORE_MS = 30 * 60_000;
export const PLAYLIST_AFTER_MS = 90 * 60_000;

/**
 * The playlist to load for playing from `at`: [at − 30 min, at + 90 min], never past `now` (footage after it does not
 * exist yet) and never shorter than a minute.
 */
export function playlistWindow(at: number, now: number): { from: number; to: number } {
  const to = Math.max(Math.min(now, at + PLAYLIST_AFTER_MS), at + 60_000);
  return { from: Math.max(0, Math.floor(at - PLAYLIST_BEFORE_MS)), to: Math.ceil(to) };
}

/** Whether `at` can be played from the loaded playlist (inside what it covers) or needs a new one. */
export function covers(segments: readonly ClockSegment[], at: number): boolean {
  const range = coveredRange(segments);
  return range !== null && at >= range.start && at < range.end;
}
