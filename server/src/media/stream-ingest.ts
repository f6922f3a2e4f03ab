import type { FragmentInfo } from '../lib/fmp4/fragment.js';
import { PictureFilter } from '../lib/fmp4/picture-filter.js';
import { Fmp4StreamParser, type Fmp4Segment } from '../lib/fmp4/stream-parser.js';
import { TimelineRebaser } from '../lib/fmp4/timeline.js';
import type { InitSegment, MediaFragment } from './types.js';

/**
 * ffmpeg's fMP4 output → init segments and fragments. Timestamps continue across upstream runs (reconnects,
 * codec restarts), so a consumer's player never sees time jump back. Video samples without a picture (what
 * ffmpeg had of a frame the camera broke off) are dropped here, once, before any consumer, prebuffer, clip or
 * segment sees them.
 */
export class StreamIngest {
  private readonly parser = new Fmp4StreamParser();
  private readonly pictures = new PictureFilter();
  private readonly timeline = new TimelineRebaser();

  /** A new upstream run: parse from its first byte, keep the timeline going. */
  newRun(): void {
    this.parser.reset();
    this.pictures.newRun();
    this.timeline.newRun();
  }

  /** The complete segments in `chunk` (and what was left over before it); throws on output that is not fMP4. */
  push(chunk: Buffer): Fmp4Segment[] {
    return this.parser.push(chunk);
  }

  /** A parsed fragment as delivered to consumers, on the continuous timeline; null when it held nothing to deliver. */
  fragment(data: Buffer, parsed: FragmentInfo, init: InitSegment): MediaFragment | null {
    const kept = this.pictures.apply(data, parsed, init.info.tracks);
    if (!kept) return null;
    const info = this.timeline.apply(kept.data, kept.info, init.info.tracks);
    return { type: 'fragment', data: kept.data, keyframe: info.keyframe, timestamp: info.timestamp, duration: info.duration, receivedAt: Date.now() };
  }
}
