import { createReadStream } from 'node:fs';
import { mkdir, open, rename, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';

export interface LogFileOptions {
  dir: string;
  /** The current file's name; older ones get `.1`, `.2` … (default homecam.log). */
  name?: string;
  /** A file is rotated before it would grow past this (default 5 MiB). */
  maxBytes?: number;
  /** Files kept, the current one included (default 3). */
  files?: number;
  /** Lines waiting beyond this are dropped (a stuck disk must not fill the memory). */
  maxPendingBytes?: number;
  /** Write failures: reported outside the logger, which would feed them back here. */
  onError?: (error: unknown) => void;
}

/**
 * An append-only log file rotated by size. Lines are queued and written in batches off the caller's path (one
 * write per event-loop turn at most), so logging never waits for the disk; `flush()` waits for what is queued.
 */
export class RotatingLogFile {
  readonly path: string;
  private readonly maxBytes: number;
  private readonly files: number;
  private readonly maxPending: number;
  private pending: string[] = [];
  private pendingBytes = 0;
  private handle: FileHandle | null = null;
  private size = 0;
  private draining: Promise<void> | null = null;
  private closed = false;
  dropped = 0;

  constructor(private readonly options: LogFileOptions) {
    this.path = join(options.dir, options.name ?? 'homecam.log');
    this.maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
    this.files = Math.max(1, options.files ?? 3);
    this.maxPending = options.maxPendingBytes ?? 4 * 1024 * 1024;
  }

  append(line: string): void {
    if (this.closed) return;
    if (this.pendingBytes + line.length > this.maxPending) {
      this.dropped++;
      return;
    }
    this.pending.push(line);
    this.pendingBytes += line.length;
    this.schedule();
  }

  private schedule(): void {
    this.draining ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain());
  }

  /** Resolves once every line appended so far is on disk. */
  async flush(): Promise<void> {
    while (this.draining) await this.draining;
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    await this.handle?.close().catch(() => undefined);
    this.handle = null;
  }

  /** The files oldest first (rotated ones, then the current one); missing ones are left out. */
  paths(): string[] {
    return [...Array.from({ length: this.files - 1 }, (_, i) => `${this.path}.${this.files - 1 - i}`), this.path];
  }

  /** Every file, oldest first, as one stream; the files are opened before streaming, so a rotation meanwhile cannot mix them up. */
  async download(): Promise<Readable> {
    await this.flush();
    const handles = (await Promise.all(this.paths().map((path) => open(path, 'r').catch(() => null)))).filter((h): h is FileHandle => h !== null);
    async function* chunks(): AsyncGenerator<Buffer> {
      try {
        for (let handle = handles.shift(); handle; handle = handles.shift()) {
          for await (const chunk of createReadStream('', { fd: handle, autoClose: true })) yield chunk as Buffer;
        }
      } finally {
        await Promise.all(handles.map((handle) => handle.close().catch(() => undefined)));
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const lines = this.pending;
        this.pending = [];
        this.pendingBytes = 0;
        await this.writeLines(lines);
      }
    } catch (error) {
      this.options.onError?.(error);
      await this.handle?.close().catch(() => undefined);
      this.handle = null; // reopened with the next line
    } finally {
      this.draining = null;
      if (this.pending.length > 0 && !this.closed) this.schedule();
    }
  }

  /** Writes the lines in as few writes as the size limit allows, rotating between them (never inside a line). */
  private async writeLines(lines: string[]): Promise<void> {
    if (!this.handle) {
      await mkdir(this.options.dir, { recursive: true });
      this.handle = await open(this.path, 'a', 0o600);
      this.size = (await stat(this.path)).size;
    }
    let chunk: Buffer[] = [];
    let chunkBytes = 0;
    for (const line of lines) {
      const bytes = Buffer.from(line);
      if (this.size + chunkBytes + bytes.length > this.maxBytes && this.size + chunkBytes > 0) {
        if (chunkBytes > 0) await this.handle?.write(Buffer.concat(chunk));
        await this.rotate();
        [chunk, chunkBytes] = [[], 0];
      }
      chunk.push(bytes);
      chunkBytes += bytes.length;
    }
    if (chunkBytes > 0) await this.handle?.write(Buffer.concat(chunk));
    this.size += chunkBytes;
  }

  /** homecam.log → .1 → .2 …; the oldest is overwritten by the rename. */
  private async rotate(): Promise<void> {
    await this.handle?.close();
    this.handle = null;
    for (let i = this.files - 1; i >= 1; i--) {
      const from = i === 1 ? this.path : `${this.path}.${i - 1}`;
      await rename(from, `${this.path}.${i}`).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
    if (this.files === 1) await rename(this.path, `${this.path}.old`).catch(() => undefined);
    this.handle = await open(this.path, 'a', 0o600);
    this.size = 0;
  }
}
