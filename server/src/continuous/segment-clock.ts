/**
 * Where a segment sits on the wall clock. Durations come from media timestamps (the camera's clock runs the
 * picture); the wall clock only places a segment's start. The rules: never before the previous segment's end
 * (a clock stepped backwards cannot make overlapping or negative segments), a segment that continues the previous
 * one without an outage starts exactly at its end unless the wall clock has run ahead by more than the tolerance
 * (then a small gap re-anchors the drift), and after an outage the wall clock decides (the gap is real).
 */
export const CONTIGUOUS_TOLERANCE_MS = 1_000;

export function placeSegment(wallStartMs: number, previousEndMs: number | null, contiguous: boolean): number {
  const wall = Math.round(wallStartMs);
  if (previousEndMs === null) return wall;
  if (contiguous && wall - previousEndMs < CONTIGUOUS_TOLERANCE_MS) return previousEndMs;
  return Math.max(wall, previousEndMs);
}

/** `YYYY-MM-DD/HH` (UTC) of a time: the folder of a segment under its camera's. */
export function hourFolder(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)}/${iso.slice(11, 13)}`;
}

/** A hole longer than this between two segments is a gap (EXT-X-DISCONTINUITY, a gap on the timeline); shorter ones are clock jitter. */
export const GAP_MS = 1_000;
