import type { TimeRange } from './live-policy';

/** The part of a SourceBuffer the queue uses (a fake in tests). */
export interface BufferTarget {
  readonly updating: boolean;
  appendBuffer(data: ArrayBuffer): void;
  remove(start: number, end: number): void;
  addEventListener(type: 'updateend', listener: () => void): void;
  removeEventListener(type: 'updateend', listener: () => void): void;
}

export interface AppendQueueHooks {
  /** A QuotaExceededError: what to remove before trying the same append again (null: give up). */
  onQuotaExceeded: () => TimeRange | null;
  /** Anything the buffer refused for good; the queue stops. */
  onError: (error: unknown) => void;
  /** After every completed append or removal. */
  onUpdated?: () => void;
}

type Operation = { kind: 'append'; data: ArrayBuffer } | { kind: 'remove'; range: TimeRange };

/** How many appends may wait before the viewer is considered hopelessly behind. */
export const APPEND_QUEUE_LIMIT = 300;

const isQuotaExceeded = (error: unknown) => error instanceof DOMException && error.name === 'QuotaExceededError';

/**
 * Serialises work on a SourceBuffer: never calls appendBuffer or remove while it is updating, runs the next
 * operation on `updateend`. Removals go ahead of waiting appends (they make room); a full buffer is trimmed
 * and the same fragment tried again.
 */
export class AppendQueue {
  private readonly operations: Operation[] = [];
  private stopped = false;
  private readonly onUpdateEnd = () => {
    this.hooks.onUpdated?.();
    this.pump();
  };

  constructor(
    private readonly target: BufferTarget,
    private readonly hooks: AppendQueueHooks,
  ) {
    target.addEventListener('updateend', this.onUpdateEnd);
  }

  get pending(): number {
    return this.operations.length;
  }

  get removing(): boolean {
    return this.operations.some((operation) => operation.kind === 'remove');
  }

  append(data: ArrayBuffer): void {
    if (this.stopped) return;
    this.operations.push({ kind: 'append', data });
    this.pump();
  }

  /** Queues a removal unless one is already waiting (trimming asks on every tick). */
  remove(range: TimeRange): void {
    if (this.stopped || this.removing || range.end <= range.start) return;
    const firstAppend = this.operations.findIndex((operation) => operation.kind === 'append');
    this.operations.splice(firstAppend < 0 ? this.operations.length : firstAppend, 0, { kind: 'remove', range });
    this.pump();
  }

  /** Stops for good and lets go of the SourceBuffer. */
  dispose(): void {
    this.stopped = true;
    this.operations.length = 0;
    this.target.removeEventListener('updateend', this.onUpdateEnd);
  }

  private pump(): void {
    if (this.stopped || this.target.updating) return;
    const next = this.operations[0];
    if (!next) return;
    try {
      if (next.kind === 'append') this.target.appendBuffer(next.data);
      else this.target.remove(next.range.start, next.range.end);
      this.operations.shift();
    } catch (error) {
      const room = next.kind === 'append' && isQuotaExceeded(error) ? this.hooks.onQuotaExceeded() : null;
      if (room && room.end > room.start) {
        // The append stays first and runs again once the removal has finished.
        this.operations.unshift({ kind: 'remove', range: room });
        this.pump();
        return;
      }
      this.dispose();
      this.hooks.onError(error);
    }
  }
}
