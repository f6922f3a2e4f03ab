import type { MediaItem } from './types.js';

export interface QueueLimits {
  /** Default 8 MiB. */
  maxBytes?: number;
  /** Media seconds of queued fragments, default 10. */
  maxSeconds?: number;
  /** Default 1024. */
  maxItems?: number;
}

export const DEFAULT_QUEUE_LIMITS: Required<QueueLimits> = { maxBytes: 8 * 1024 * 1024, maxSeconds: 10, maxItems: 1024 };

export interface QueueStats {
  /** Items handed to the reader. */
  delivered: number;
  /** Bytes of the items handed to the reader. */
  deliveredBytes: number;
  /** Fragments lost because the reader was too slow (including those skipped until the next keyframe). */
  dropped: number;
  /** Fragments skipped before the first keyframe after joining or after a new init segment (not losses). */
  skipped: number;
  /** Times the queue overflowed. */
  overflows: number;
  queuedItems: number;
  queuedBytes: number;
  queuedSeconds: number;
}

/**
 * One consumer's bounded queue. It never blocks the producer: when a fragment does not fit, every queued
 * fragment is thrown away (they are stale for a live viewer anyway) and the consumer resumes at the next
 * keyframe, so its decoder never sees a gap in the middle of a GOP. Init segments are never dropped.
 */
export class ConsumerQueue {
  private items: MediaItem[] = [];
  private head = 0;
  private bytes = 0;
  private seconds = 0;
  private fragments = 0;
  private needKeyframe = true;
  private dropping = false;
  private readonly limits: Required<QueueLimits>;
  private readonly counters = { delivered: 0, deliveredBytes: 0, dropped: 0, skipped: 0, overflows: 0 };

  constructor(limits: QueueLimits = {}) {
    this.limits = { ...DEFAULT_QUEUE_LIMITS, ...limits };
  }

  get length(): number {
    return this.items.length - this.head;
  }

  get stats(): QueueStats {
    return { ...this.counters, queuedItems: this.length, queuedBytes: this.bytes, queuedSeconds: this.seconds };
  }

  /** Offers an item; returns whether it was queued. */
  push(item: MediaItem): boolean {
    if (item.type === 'init') {
      this.append(item);
      this.needKeyframe = true;
      return true;
    }
    if (this.needKeyframe && !item.keyframe) {
      if (this.dropping) this.counters.dropped += 1;
      else this.counters.skipped += 1;
      return false;
    }
    if (!this.fits(item.data.length, item.duration)) {
      this.counters.overflows += 1;
      this.counters.dropped += this.discardFragments();
      if (!item.keyframe || !this.fits(item.data.length, item.duration)) {
        this.counters.dropped += 1;
        this.needKeyframe = true;
        this.dropping = true;
        return false;
      }
    }
    this.append(item);
    this.needKeyframe = false;
    this.dropping = false;
    return true;
  }

  shift(): MediaItem | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head]!;
    this.head += 1;
    if (this.head > 64 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    this.bytes -= item.data.length;
    if (item.type === 'fragment') {
      this.seconds -= item.duration;
      this.fragments -= 1;
    }
    this.counters.delivered += 1;
    this.counters.deliveredBytes += item.data.length;
    return item;
  }

  /** Waits for a keyframe again without counting a loss (the upstream restarted). */
  resync(): void {
    this.needKeyframe = true;
  }

  clear(): void {
    this.items = [];
    this.head = 0;
    this.bytes = 0;
    this.seconds = 0;
    this.fragments = 0;
  }

  private fits(bytes: number, seconds: number): boolean {
    if (this.fragments === 0) return true; // one fragment always fits, however large
    const l = this.limits;
    return this.length + 1 <= l.maxItems && this.bytes + bytes <= l.maxBytes && this.seconds + seconds <= l.maxSeconds;
  }

  private append(item: MediaItem): void {
    this.items.push(item);
    this.bytes += item.data.length;
    if (item.type === 'fragment') {
      this.seconds += item.duration;
      this.fragments += 1;
    }
  }

  /** Removes queued fragments, keeping init segments in order; returns how many were removed. */
  private discardFragments(): number {
    const kept = this.items.slice(this.head).filter((item) => item.type === 'init');
    const removed = this.length - kept.length;
    this.items = kept;
    this.head = 0;
    this.bytes = kept.reduce((n, item) => n + item.data.length, 0);
    this.seconds = 0;
    this.fragments = 0;
    return removed;
  }
}
