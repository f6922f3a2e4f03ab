import type { FragmentInfo } from '../lib/fmp4/fragment.js';
import { Fmp4StreamParser, type Fmp4Segment } from '../lib/fmp4/stream-parser.js';
import { TimelineRebaser } from '../lib/fmp4/timeline.js';
import type { InitSegment, MediaFragment } from './types.js';

/**
 * ffmpeg's fMP4 output → init segments and fragments. Timestamps continue across upstream runs (reconnects,
 * codec restarts), so a consumer's player never sees time jump back.
 */
export class StreamIngest {
  private readonly parser = new Fmp4StreamParser();
  private readonly timeline = new TimelineRebaser();

  /** A new upstream run: parse from its first byte, keep the timeline going. */
  newRun(): void {
    this.parser.reset();
    this.timeline.newRun();
  }

  /** The complete segments in `chunk` (and what was left over before it); throws on output that is not fMP4. */
  push(chunk: Buffer): Fmp4Segment[] {
    return this.parser.push(chunk);
  }

  /** A parsed fragment as delivered to consumers, on the continuous timeline. */
  fragment(data: Buffer, parsed: FragmentInfo, init: InitSegment): MediaFragment {
    const info = this.timeline.apply(data, parsed, init.info.tracks);
    return { type: 'fragment', data, keyframe: info.keyframe, timestamp: info.timestamp, duration: info.duration, receivedAt: Date.now() };
  }
}
