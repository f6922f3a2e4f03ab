import type { MediaFragment } from './types.js';

export interface GopBufferLimits {
  /**
   * Media seconds of pre-roll to keep, default 10: old GOPs are dropped only while the rest still covers this
   * much, so a recorder can always start this far back at a keyframe. At most maxSeconds + one GOP is held.
   */
  maxSeconds?: number;
  /** Hard byte bound, default 32 MiB; a GOP that alone exceeds it is dropped until the next keyframe. */
  maxBytes?: number;
}

export const DEFAULT_GOP_BUFFER_LIMITS: Required<GopBufferLimits> = { maxSeconds: 10, maxBytes: 32 * 1024 * 1024 };

interface Gop {
  fragments: MediaFragment[];
  bytes: number;
  seconds: number;
}

/**
 * The prebuffer: the newest GOPs of a stream, each starting with a keyframe fragment, bounded in seconds and
 * bytes. New viewers start from its newest keyframe (instant picture), snapshots decode that keyframe, and a
 * recorder can take the fragments since a moment in the past.
 */
export class GopBuffer {
  private gops: Gop[] = [];
  private bytes = 0;
  private seconds = 0;
  private limits: Required<GopBufferLimits>;

  constructor(limits: GopBufferLimits = {}) {
    this.limits = { ...DEFAULT_GOP_BUFFER_LIMITS, ...limits };
  }

  /** Changes the bounds; applies from the next fragment on. */
  setLimits(limits: GopBufferLimits): void {
    this.limits = { ...DEFAULT_GOP_BUFFER_LIMITS, ...limits };
  }

  push(fragment: MediaFragment): void {
    if (fragment.keyframe) this.gops.push({ fragments: [], bytes: 0, seconds: 0 });
    const gop = this.gops.at(-1);
    if (!gop) return; // nothing before the first keyframe is useful
    gop.fragments.push(fragment);
    gop.bytes += fragment.data.length;
    gop.seconds += fragment.duration;
    this.bytes += fragment.data.length;
    this.seconds += fragment.duration;
    this.evict();
  }

  clear(): void {
    this.gops = [];
    this.bytes = 0;
    this.seconds = 0;
  }

  /** The newest GOP: its keyframe fragment and everything after it. */
  latestGop(): MediaFragment[] {
    return [...(this.gops.at(-1)?.fragments ?? [])];
  }

  latestKeyframe(): MediaFragment | undefined {
    return this.gops.at(-1)?.fragments[0];
  }

  /**
   * Fragments from the newest keyframe at or before the wall-clock moment `wallClockMs` (or the oldest buffered
   * keyframe when that moment is older than the buffer) up to now. For pre-roll recording.
   *
   * Moments are mapped through media time anchored at the live edge (the newest fragment's end = its arrival),
   * not through arrival times: ffmpeg delivers the first second of a stream in one burst after probing.
   */
  since(wallClockMs: number): MediaFragment[] {
    const last = this.gops.at(-1)?.fragments.at(-1);
    if (!last) return [];
    const target = last.timestamp + last.duration - (last.receivedAt - wallClockMs) / 1000;
    let start = 0;
    for (let i = this.gops.length - 1; i >= 0; i--) {
      if ((this.gops[i]!.fragments[0]?.timestamp ?? Infinity) <= target + 1e-6) {
        start = i;
        break;
      }
    }
    return this.gops.slice(start).flatMap((gop) => gop.fragments);
  }

  get stats(): { gops: number; fragments: number; bytes: number; seconds: number } {
    const fragments = this.gops.reduce((n, gop) => n + gop.fragments.length, 0);
    return { gops: this.gops.length, fragments, bytes: this.bytes, seconds: this.seconds };
  }

  private evict(): void {
    const { maxSeconds, maxBytes } = this.limits;
    while (this.gops.length > 1 && this.seconds - this.gops[0]!.seconds >= maxSeconds) this.dropOldest();
    while (this.gops.length > 1 && this.bytes > maxBytes) this.dropOldest();
    if (this.bytes > maxBytes) this.dropOldest(); // the one remaining GOP is too big on its own
  }

  private dropOldest(): void {
    const gop = this.gops.shift();
    if (!gop) return;
    this.bytes -= gop.bytes;
    this.seconds -= gop.seconds;
  }
}
