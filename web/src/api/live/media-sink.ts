import { AppendQueue, APPEND_QUEUE_LIMIT } from './append-queue';
import { liveEdgeDecision, quotaTrimRange, toRanges, trimRange, type TimeRange } from './live-policy';

type MediaSourceClass = typeof MediaSource;

/** MediaSource, or Safari's ManagedMediaSource on iPhones (no classic MediaSource there). */
export function mediaSourceClass(): MediaSourceClass | null {
  const scope = globalThis as { ManagedMediaSource?: MediaSourceClass; MediaSource?: MediaSourceClass };
  return scope.ManagedMediaSource ?? scope.MediaSource ?? null;
}

/** Why `mimeType` cannot play here, or null when it can. */
export function mseSupportError(Source: MediaSourceClass | null, mimeType: string): 'MSE_UNSUPPORTED' | 'CODEC_UNSUPPORTED' | null {
  if (!Source) return 'MSE_UNSUPPORTED';
  return Source.isTypeSupported(mimeType) ? null : 'CODEC_UNSUPPORTED';
}

export interface MediaSinkHooks {
  /** The buffer refused media for good (decode error, full and nothing to free). */
  onError: (error: unknown) => void;
  /** An append or removal finished: a good moment to look at the live edge. */
  onUpdated: () => void;
}

/** Fragments kept while the MediaSource opens (the init segment and the buffered GOP arrive at once). */
const PENDING_LIMIT = 200;

/**
 * One MediaSource with one SourceBuffer for one `init` of the live socket, attached to the video element.
 * A new `init` (stream restarted, resumed after a pause) gets a new sink.
 */
export class MediaSink {
  private readonly source: MediaSource;
  private readonly url: string;
  private queue: AppendQueue | null = null;
  private pending: ArrayBuffer[] = [];
  private closed = false;

  constructor(
    private readonly video: HTMLVideoElement,
    Source: MediaSourceClass,
    private readonly mimeType: string,
    private hooks: MediaSinkHooks,
  ) {
    this.source = new Source();
    // ManagedMediaSource plays only with remote playback off; harmless elsewhere.
    video.disableRemotePlayback = true;
    this.url = URL.createObjectURL(this.source);
    this.source.addEventListener('sourceopen', this.onOpen, { once: true });
    video.src = this.url;
  }

  /** A new owner's hooks: the player that adopts the early picture's sink (early-picture.ts). */
  setHooks(hooks: MediaSinkHooks): void {
    this.hooks = hooks;
  }

  get backlog(): number {
    return this.queue?.pending ?? this.pending.length;
  }

  ranges(): TimeRange[] {
    return toRanges(this.video.buffered);
  }

  append(data: ArrayBuffer): void {
    if (this.closed) return;
    if (this.queue) {
      if (this.queue.pending > APPEND_QUEUE_LIMIT) this.fail(new Error('the browser cannot keep up with the stream'));
      else this.queue.append(data);
    } else if (this.pending.length < PENDING_LIMIT) this.pending.push(data);
  }

  /** Keeps the video near the live edge of what is buffered (a seek or a little faster) and playing. */
  followLiveEdge(): void {
    const ranges = this.ranges();
    if (this.closed || ranges.length === 0) return;
    const video = this.video;
    const decision = liveEdgeDecision(ranges, video.currentTime);
    if (decision.seekTo !== null) video.currentTime = decision.seekTo;
    if (video.playbackRate !== decision.playbackRate) video.playbackRate = decision.playbackRate;
    if (video.paused) video.play().catch(() => undefined);
  }

  /** Drops media older than the policy keeps. */
  trim(): void {
    const range = this.queue ? trimRange(this.ranges(), this.video.currentTime) : null;
    if (range) this.queue?.remove(range);
  }

  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    this.queue?.dispose();
    this.queue = null;
    this.pending = [];
    this.source.removeEventListener('sourceopen', this.onOpen);
    URL.revokeObjectURL(this.url);
  }

  private readonly onOpen = () => {
    if (this.closed) return;
    let buffer: SourceBuffer;
    try {
      buffer = this.source.addSourceBuffer(this.mimeType);
    } catch (error) {
      this.fail(error);
      return;
    }
    this.queue = new AppendQueue(buffer, {
      onQuotaExceeded: () => quotaTrimRange(this.ranges(), this.video.currentTime),
      onError: (error) => this.fail(error),
      onUpdated: () => this.hooks.onUpdated(),
    });
    const waiting = this.pending;
    this.pending = [];
    for (const data of waiting) this.queue.append(data);
  };

  private fail(error: unknown): void {
    if (this.closed) return;
    this.dispose();
    this.hooks.onError(error);
  }
}
