/**
 * The player's buffer policy as pure functions, so the numbers can be tested without a browser:
 * how far behind the live edge playback may fall, what to trim, how long to wait before reconnecting.
 */
export interface TimeRange {
  start: number;
  end: number;
}

export const LIVE_POLICY = {
  /** Further behind the newest buffered frame than this (s): jump. */
  maxLagS: 1.5,
  /** A jump lands this far before the end (s), so the decoder has a little to play. */
  jumpBehindEndS: 0.3,
  /** Between this and maxLagS: play slightly faster to catch up without a visible jump. */
  catchUpLagS: 0.6,
  catchUpRate: 1.05,
  /** Seconds kept behind the playhead; older media is removed. */
  keepBehindS: 10,
  /** Removal waits until this much more than keepBehindS has piled up (fewer, larger removes). */
  trimSlackS: 5,
  /** After a QuotaExceededError only this much stays behind the playhead. */
  quotaKeepBehindS: 2,
} as const;

export type LivePolicy = typeof LIVE_POLICY;

/** `TimeRanges` (video.buffered) as plain ranges. */
export function toRanges(buffered: { length: number; start(i: number): number; end(i: number): number }): TimeRange[] {
  const ranges: TimeRange[] = [];
  for (let i = 0; i < buffered.length; i++) ranges.push({ start: buffered.start(i), end: buffered.end(i) });
  return ranges;
}

export interface EdgeDecision {
  /** Where to set currentTime, or null to leave it. */
  seekTo: number | null;
  playbackRate: number;
}

/**
 * Stay within about a second of the live edge: behind by more than maxLagS (or before the newest buffered
 * range, e.g. at 0 while the stream's media time starts at 4711 s) → jump to end − jumpBehindEndS; a small
 * lag → catch up at catchUpRate; otherwise normal speed.
 */
export function liveEdgeDecision(ranges: readonly TimeRange[], currentTime: number, policy: LivePolicy = LIVE_POLICY): EdgeDecision {
  const newest = ranges.at(-1);
  if (!newest) return { seekTo: null, playbackRate: 1 };
  const lag = newest.end - currentTime;
  if (currentTime < newest.start || lag > policy.maxLagS) {
    return { seekTo: Math.max(newest.start, newest.end - policy.jumpBehindEndS), playbackRate: 1 };
  }
  return { seekTo: null, playbackRate: lag > policy.catchUpLagS ? policy.catchUpRate : 1 };
}

/** The old media to remove (keep keepBehindS behind the playhead), or null while too little has piled up. */
export function trimRange(ranges: readonly TimeRange[], currentTime: number, policy: LivePolicy = LIVE_POLICY): TimeRange | null {
  const oldest = ranges[0];
  if (!oldest) return null;
  const keepFrom = currentTime - policy.keepBehindS;
  if (keepFrom - oldest.start < policy.trimSlackS) return null;
  return { start: oldest.start, end: keepFrom };
}

/** After QuotaExceededError: everything but the last quotaKeepBehindS before the playhead, or null if nothing is left to free. */
export function quotaTrimRange(ranges: readonly TimeRange[], currentTime: number, policy: LivePolicy = LIVE_POLICY): TimeRange | null {
  const oldest = ranges[0];
  if (!oldest) return null;
  const keepFrom = currentTime - policy.quotaKeepBehindS;
  return keepFrom > oldest.start ? { start: oldest.start, end: keepFrom } : null;
}

export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 5_000;

/** Reconnect delay for the n-th consecutive attempt (0-based): 500 ms, 1 s, 2 s, 4 s, then 5 s. */
export function reconnectDelayMs(attempt: number): number {
  const safe = Math.max(0, Math.floor(attempt));
  return Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(safe, 16));
}
