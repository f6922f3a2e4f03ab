import { ConsumerQueue, type QueueLimits, type QueueStats } from './consumer-queue.js';
import type { ConsumerKind, MediaItem, StreamName } from './types.js';

export interface AttachOptions {
  kind: ConsumerKind;
  /** Bounds of this consumer's queue (defaults: 8 MiB, 10 s, 1024 items). */
  queue?: QueueLimits;
  /** Free text for logs/diagnostics, e.g. a socket id. */
  label?: string;
  /**
   * A viewer of the same camera this one takes the place of (a live session re-attaching): not counted against
   * maxStreams, so the swap cannot lose the session's place to another viewer. The caller closes it right after.
   */
  replaces?: Consumer;
}

let nextId = 1;

/**
 * One reader of a camera stream (a WebSocket viewer, the recorder, a snapshot). Pull-based: the reader calls
 * `read()` (or iterates with `for await`) when it is ready for more, e.g. after the previous WebSocket send
 * completed. The stream pushes into a bounded queue and never waits for the reader.
 *
 * Sequence seen by a reader: the init segment, fragments starting at a keyframe, again an init segment
 * whenever it changes (camera reconnected with other settings), then fragments from a keyframe again.
 * `read()` resolves null once the consumer is closed (by `close()` or because the camera was removed).
 */
export class Consumer implements AsyncIterable<MediaItem> {
  readonly id = nextId++;
  readonly kind: ConsumerKind;
  readonly label: string | undefined;
  readonly attachedAt = Date.now();
  private readonly queue: ConsumerQueue;
  private waiter: ((item: MediaItem | null) => void) | null = null;
  private closedFlag = false;

  constructor(
    readonly camera: string,
    readonly stream: StreamName,
    options: AttachOptions,
    private readonly onClose: (consumer: Consumer) => void,
  ) {
    this.kind = options.kind;
    this.label = options.label;
    this.queue = new ConsumerQueue(options.queue);
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  get stats(): QueueStats {
    return this.queue.stats;
  }

  /** Next item, waiting if none is queued; null when closed. Only one read may be pending at a time. */
  read(): Promise<MediaItem | null> {
    const item = this.queue.shift();
    if (item) return Promise.resolve(item);
    if (this.closedFlag) return Promise.resolve(null);
    if (this.waiter) return Promise.reject(new Error('consumer: read() is already pending'));
    return new Promise((resolve) => (this.waiter = resolve));
  }

  /** Next queued item without waiting. */
  tryRead(): MediaItem | undefined {
    return this.queue.shift();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<MediaItem> {
    for (let item = await this.read(); item; item = await this.read()) yield item;
  }

  /** Detaches from the stream; a pending read resolves null. Idempotent. */
  close(): void {
    if (this.closedFlag) return;
    this.closedFlag = true;
    this.queue.clear();
    this.wake(null);
    this.onClose(this);
  }

  /** @internal Called by the stream for every init segment and fragment. */
  deliver(item: MediaItem): void {
    if (this.closedFlag || !this.queue.push(item) || !this.waiter) return;
    this.wake(this.queue.shift() ?? null);
  }

  /** @internal The upstream restarted: wait for a keyframe again (not counted as a drop). */
  resync(): void {
    this.queue.resync();
  }

  private wake(item: MediaItem | null): void {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.(item);
  }
}
