import type { LogEntry } from '@homecam/shared';

/** Per-entry overhead besides the message (fields, object): keeps the byte cap honest for short messages. */
const ENTRY_OVERHEAD = 120;

/** The newest log entries, bounded by count and by (approximate) bytes: the console's backlog. */
export class LogRing {
  private entries: LogEntry[] = [];
  private head = 0;
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get size(): number {
    return this.entries.length - this.head;
  }

  push(entry: LogEntry): void {
    this.entries.push(entry);
    this.bytes += sizeOf(entry);
    while (this.size > 1 && (this.size > this.maxEntries || this.bytes > this.maxBytes)) {
      const dropped = this.entries[this.head++];
      if (dropped) this.bytes -= sizeOf(dropped);
    }
    // Compact now and then instead of shifting on every push.
    if (this.head > 1_024 && this.head > this.entries.length / 2) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }

  /** The newest `limit` entries, oldest first. */
  recent(limit: number): LogEntry[] {
    return this.entries.slice(Math.max(this.head, this.entries.length - limit));
  }
}

function sizeOf(entry: LogEntry): number {
  return entry.message.length + (entry.camera?.length ?? 0) + ENTRY_OVERHEAD;
}
