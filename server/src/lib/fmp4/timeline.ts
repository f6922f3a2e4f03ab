import { fragmentTiming, writeBaseDecodeTime, type FragmentInfo } from './fragment.js';
import type { TrackInfo } from './init.js';

/**
 * Keeps media time continuous across upstream restarts. Every new ffmpeg run starts its timestamps near 0;
 * a player that already played 60 s would see time jump backwards and stall. Each run is shifted (tfdt
 * rewritten in place, all tracks by the same amount, so A/V sync is kept) to start where the previous ended.
 * The outage itself is not represented: the timeline just continues.
 */
export class TimelineRebaser {
  private endSeconds = 0;
  private shiftSeconds: number | null = null;
  private readonly shiftTicks = new Map<number, number>();

  /** The next fragment starts a new run (new ffmpeg process). */
  newRun(): void {
    this.shiftSeconds = null;
    this.shiftTicks.clear();
  }

  /** Rewrites the fragment's tfdt values (the buffer must be the caller's own) and returns the updated info. */
  apply(data: Buffer, info: FragmentInfo, tracks: readonly TrackInfo[]): FragmentInfo {
    const scale = (trackId: number): number => tracks.find((t) => t.id === trackId)?.timescale || 1;
    if (this.shiftSeconds === null) {
      const start = Math.min(...info.trafs.map((t) => t.baseDecodeTime / scale(t.trackId)));
      this.shiftSeconds = this.endSeconds - (Number.isFinite(start) ? start : 0);
    }
    let changed = false;
    for (const traf of info.trafs) {
      const ts = scale(traf.trackId);
      let shift = this.shiftTicks.get(traf.trackId);
      if (shift === undefined) {
        shift = Math.round(this.shiftSeconds * ts);
        this.shiftTicks.set(traf.trackId, shift);
      }
      const value = Math.max(0, traf.baseDecodeTime + shift);
      if (shift !== 0 && writeBaseDecodeTime(data, traf, value)) changed = true;
      // The end as delivered: writeBaseDecodeTime updated traf.baseDecodeTime (unless nothing was written, and
      // then the fragment went out unshifted). Raw ends here would send the third run back in time.
      this.endSeconds = Math.max(this.endSeconds, (traf.baseDecodeTime + traf.duration) / ts);
    }
    return changed ? { ...info, ...fragmentTiming(info.trafs, tracks) } : info;
  }
}
