import { Mp4ParseError, typeName } from './boxes.js';

/** A box header read from the queue: the type as its four bytes big-endian (no string per box). */
export interface QueuedHeader {
  size: number;
  headerSize: number;
  code: number;
}

/**
 * The bytes a pipe delivered and nobody took yet, kept as the chunks they came in. Headers are read across chunk
 * boundaries in place, and a run of bytes is handed out as a slice of its chunk when it lies in one: only a box
 * that spans chunks is copied, once, into a buffer of its exact size.
 */
export class ChunkQueue {
  private chunks: Buffer[] = [];
  /** Bytes buffered. */
  length = 0;

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  clear(): void {
    this.chunks = [];
    this.length = 0;
  }

  /**
   * The box header `offset` bytes from the front; null while fewer bytes than the header are buffered. Same rules
   * as readBoxHeader: size 0 (to end of file) and sizes below the header are rejected.
   */
  header(offset: number): QueuedHeader | null {
    if (this.length - offset < 8) return null;
    const size32 = this.uint32(offset);
    const code = this.uint32(offset + 4);
    if (size32 === 1) {
      if (this.length - offset < 16) return null;
      const size = this.uint32(offset + 8) * 2 ** 32 + this.uint32(offset + 12);
      if (size < 16) throw new Mp4ParseError(`box ${typeName(code)}: bad 64-bit size ${size}`);
      return { size, headerSize: 16, code };
    }
    if (size32 === 0) throw new Mp4ParseError(`box ${typeName(code)}: size 0 (to end of file) is not supported in a live stream`);
    if (size32 < 8) throw new Mp4ParseError(`box ${typeName(code)}: bad size ${size32}`);
    return { size: size32, headerSize: 8, code };
  }

  /** Removes the first `n` bytes (n <= length): a slice of the first chunk when they lie in it, else one copy. */
  take(n: number): Buffer {
    const first = this.chunks[0]!;
    this.length -= n;
    if (first.length >= n) {
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
      return first.subarray(0, n);
    }
    const out = Buffer.allocUnsafe(n);
    let filled = 0;
    while (filled < n) {
      const chunk = this.chunks[0]!;
      const part = Math.min(chunk.length, n - filled);
      chunk.copy(out, filled, 0, part);
      filled += part;
      if (part === chunk.length) this.chunks.shift();
      else this.chunks[0] = chunk.subarray(part);
    }
    return out;
  }

  /** A big-endian 32-bit value at `offset` (offset + 4 <= length), read across chunks when it straddles them. */
  private uint32(offset: number): number {
    let index = 0;
    let at = offset;
    while (at >= this.chunks[index]!.length) at -= this.chunks[index++]!.length;
    const chunk = this.chunks[index]!;
    if (at + 4 <= chunk.length) return chunk.readUInt32BE(at);
    let value = 0;
    for (let i = 0; i < 4; i++) {
      while (at >= this.chunks[index]!.length) {
        at -= this.chunks[index]!.length;
        index += 1;
      }
      value = value * 256 + this.chunks[index]![at]!;
      at += 1;
    }
    return value;
  }
}
