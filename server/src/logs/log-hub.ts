import { LOG_RING_SIZE, type LogEntry } from '@homecam/shared';
import { Readable } from 'node:stream';
import pino, { type DestinationStream } from 'pino';
import { capLogLine } from './cap-line.js';
import { RotatingLogFile, type LogFileOptions } from './log-file.js';
import { LogRing } from './log-ring.js';
import { Scrubber } from './scrub.js';
import { formatLine, toEntry } from './to-entry.js';

export interface LogHubOptions {
  /** Where the JSON lines go as before (default stdout); tests pass a capture. */
  out?: DestinationStream | undefined;
  /** The rotating file (dir, size, count); absent = no file. */
  file?: LogFileOptions | undefined;
  ringEntries?: number | undefined;
  ringBytes?: number | undefined;
  /** Entries for subscribers are collected this long, so a burst is one delivery (default 100 ms). */
  batchMs?: number | undefined;
}

export type LogListener = (entries: LogEntry[]) => void;

/**
 * The one destination of every pino record (pino's `stream`). Each line is cut to the caps of cap-line.ts and
 * scrubbed of secrets first (both in linear time, whatever a client put in its URL or headers), then goes
 * to stdout (or the test's stream) as before, into the in-memory ring, to the rotating file and, batched, to the
 * subscribers (the admins' sockets). Nothing here logs through pino: that would feed back into the hub.
 */
export class LogHub implements DestinationStream {
  private readonly out: DestinationStream;
  private readonly scrubber = new Scrubber();
  private readonly ring: LogRing;
  private readonly file: RotatingLogFile | null;
  private readonly listeners = new Set<LogListener>();
  private readonly batchMs: number;
  private batch: LogEntry[] = [];
  private batchTimer: NodeJS.Timeout | null = null;
  private seq = 0;

  constructor(options: LogHubOptions = {}) {
    this.out = options.out ?? pino.destination(1);
    this.ring = new LogRing(options.ringEntries ?? LOG_RING_SIZE, options.ringBytes ?? 2 * 1024 * 1024);
    this.file = options.file
      ? new RotatingLogFile({ ...options.file, onError: options.file.onError ?? ((error) => process.stderr.write(`homecam.log write failed: ${String(error)}\n`)) })
      : null;
    this.batchMs = options.batchMs ?? 100;
  }

  /** The current secret values (config.json's): masked verbatim from now on. */
  setSecrets(values: readonly string[]): void {
    this.scrubber.setSecrets(values);
  }

  /** pino calls this with one JSON line per record. */
  write(line: string): void {
    const clean = this.scrubber.scrub(capLogLine(line));
    this.out.write(clean);
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(clean) as Record<string, unknown>;
    } catch {
      record = { level: 30, msg: clean.trim() };
    }
    this.add(toEntry(record, ++this.seq));
  }

  /** The newest `limit` entries, oldest first. */
  recent(limit: number): LogEntry[] {
    return this.ring.recent(limit);
  }

  /** Gets new entries in batches (at most one call per batch window); returns the unsubscribe. */
  subscribe(listener: LogListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The log files, oldest first, as one text stream (empty when there is no file yet). */
  async download(): Promise<Readable> {
    return this.file ? this.file.download() : Readable.from([]);
  }

  /** Delivers the pending batch and writes what is queued to the file. */
  async close(): Promise<void> {
    this.deliver();
    await this.file?.close();
  }

  private add(entry: LogEntry): void {
    this.ring.push(entry);
    this.file?.append(formatLine(entry));
    if (this.listeners.size === 0) return;
    this.batch.push(entry);
    if (!this.batchTimer) {
      this.batchTimer = setTimeout(() => this.deliver(), this.batchMs);
      this.batchTimer.unref();
    }
  }

  private deliver(): void {
    if (this.batchTimer) clearTimeout(this.batchTimer);
    this.batchTimer = null;
    const entries = this.batch;
    this.batch = [];
    if (entries.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(entries);
      } catch (error) {
        process.stderr.write(`log listener failed: ${String(error)}\n`);
      }
    }
  }
}
