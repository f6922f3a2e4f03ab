import type { Consumer } from './consumer.js';
import { GopBuffer, type GopBufferLimits } from './gop-buffer.js';
import type { InitSegment, MediaFragment, StreamStats } from './types.js';

/**
 * The media side of one camera stream (CameraStream runs the upstream): the current init segment, the
 * prebuffer of recent GOPs, and the consumers every item is fanned out to. A consumer that joins gets the init
 * segment and the GOP from the newest keyframe at once, so it can start playing without waiting for the next.
 */
export class StreamFanout {
  readonly gops: GopBuffer;
  private current: InitSegment | null = null;
  private readonly consumers = new Set<Consumer>();
  private readonly keyframeWaiters = new Set<() => void>();
  /** What consumers that left had dropped and (viewers) read: the totals outlive them. */
  private readonly gone = { dropped: 0, viewerBytes: 0 };

  constructor(limits: GopBufferLimits) {
    this.gops = new GopBuffer(limits);
  }

  get init(): InitSegment | null {
    return this.current;
  }

  get size(): number {
    return this.consumers.size;
  }

  get viewers(): number {
    return [...this.consumers].filter((c) => c.kind === 'viewer').length;
  }

  /** Adds a consumer and hands it the init segment and the newest GOP when there are any. */
  add(consumer: Consumer): void {
    this.consumers.add(consumer);
    if (this.current) {
      consumer.deliver(this.current);
      for (const fragment of this.gops.latestGop()) consumer.deliver(fragment);
    }
  }

  /** false when it was not (or no longer) attached. */
  delete(consumer: Consumer): boolean {
    if (!this.consumers.delete(consumer)) return false;
    const stats = consumer.stats;
    this.gone.dropped += stats.dropped;
    if (consumer.kind === 'viewer') this.gone.viewerBytes += stats.deliveredBytes;
    return true;
  }

  /** A new init segment (new upstream run or codecs): the buffered fragments belong to the old one. */
  setInit(init: InitSegment): void {
    this.current = init;
    this.gops.clear();
    for (const consumer of this.consumers) consumer.deliver(init);
  }

  /** Buffers a fragment, hands it to every consumer, and wakes keyframe waiters on a keyframe. */
  push(fragment: MediaFragment): void {
    this.gops.push(fragment);
    for (const consumer of this.consumers) consumer.deliver(fragment);
    if (fragment.keyframe) for (const wake of [...this.keyframeWaiters]) wake();
  }

  /** Forgets the init segment and the buffer (upstream stopped or reconfigured); consumers stay. */
  clear(): void {
    this.current = null;
    this.gops.clear();
  }

  /** The buffer only (an upstream failure): the init segment stays until a new one arrives. */
  clearBuffer(): void {
    this.gops.clear();
  }

  /** A new upstream run: every consumer waits for the next keyframe again. */
  resync(): void {
    for (const consumer of this.consumers) consumer.resync();
  }

  closeAll(): void {
    for (const consumer of [...this.consumers]) consumer.close();
  }

  /** Calls `wake` at every buffered keyframe until the returned function is called. */
  onKeyframe(wake: () => void): () => void {
    this.keyframeWaiters.add(wake);
    return () => this.keyframeWaiters.delete(wake);
  }

  /** The init segment and buffered fragments from a keyframe at or before `sinceMs` (default: newest keyframe). */
  prebuffer(sinceMs?: number): { init: InitSegment; fragments: MediaFragment[] } | null {
    if (!this.current) return null;
    const fragments = sinceMs === undefined ? this.gops.latestGop() : this.gops.since(sinceMs);
    return fragments.length > 0 ? { init: this.current, fragments } : null;
  }

  latestKeyframe(): { init: InitSegment; fragment: MediaFragment } | null {
    const fragment = this.gops.latestKeyframe();
    return this.current && fragment ? { init: this.current, fragment } : null;
  }

  /** Drops and viewer bytes of every consumer so far, attached or gone (cheap: no allocation per consumer). */
  totals(): Pick<StreamStats, 'droppedTotal' | 'viewerBytesOut'> {
    let dropped = this.gone.dropped;
    let viewerBytes = this.gone.viewerBytes;
    for (const consumer of this.consumers) {
      const stats = consumer.stats;
      dropped += stats.dropped;
      if (consumer.kind === 'viewer') viewerBytes += stats.deliveredBytes;
    }
    return { droppedTotal: dropped, viewerBytesOut: viewerBytes };
  }

  consumerStats(): StreamStats['consumers'] {
    return [...this.consumers].map((c) => ({
      id: c.id, kind: c.kind, delivered: c.stats.delivered, dropped: c.stats.dropped, queuedBytes: c.stats.queuedBytes,
    }));
  }
}
