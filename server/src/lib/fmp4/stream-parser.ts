import { Mp4ParseError, readBoxHeader } from './boxes.js';
import { parseFragment, type FragmentInfo } from './fragment.js';
import { parseInit, type InitInfo } from './init.js';

export type Fmp4Segment =
  | { type: 'init'; data: Buffer; info: InitInfo }
  | { type: 'fragment'; data: Buffer; info: FragmentInfo };

/** A fragment larger than this is treated as a broken stream rather than buffered forever. */
const DEFAULT_MAX_BOX_BYTES = 64 * 1024 * 1024;
const INIT_BOXES = new Set(['ftyp', 'moov']);
const FRAGMENT_PREFIX_BOXES = new Set(['styp', 'sidx', 'prft', 'emsg']);

/**
 * Streaming fMP4 parser: push stdout chunks split anywhere, get whole segments back — the init segment
 * (ftyp + moov) and fragments (moof + mdat, plus any styp/sidx/prft just before the moof), each in its own
 * Buffer that the caller owns. Other top-level boxes (free, mfra at the end of a stream) are skipped.
 */
export class Fmp4StreamParser {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private initParts: Buffer[] = [];
  private fragmentParts: Buffer[] = [];
  private prefix: Buffer[] = [];
  private init: InitInfo | null = null;
  /** Size of the box at the front once its header is known: skips re-reading headers of a large box. */
  private pendingSize = 0;

  constructor(private readonly maxBoxBytes = DEFAULT_MAX_BOX_BYTES) {}

  /** The most recent init segment's parsed info. */
  get initInfo(): InitInfo | null {
    return this.init;
  }

  /** Feeds bytes; returns the segments completed by them, in stream order. Throws Mp4ParseError on garbage. */
  push(chunk: Buffer): Fmp4Segment[] {
    if (chunk.length > 0) {
      this.chunks.push(chunk);
      this.buffered += chunk.length;
    }
    const out: Fmp4Segment[] = [];
    while (this.buffered >= Math.max(8, this.pendingSize)) {
      const header = readBoxHeader(this.peek(16), 0);
      if (!header) break;
      if (header.size > this.maxBoxBytes) throw new Mp4ParseError(`box ${header.type} of ${header.size} bytes is too large`);
      const size = header.type === 'moof' ? this.fragmentSize(header.size) : header.size;
      if (size === null) break; // the header of the box after the moof has not arrived yet
      this.pendingSize = size;
      if (this.buffered < size) break;
      this.pendingSize = 0;
      const bytes = this.take(size);
      const segment = size === header.size ? this.onBox(header.type, bytes) : this.onFragment(bytes);
      if (segment) out.push(segment);
    }
    return out;
  }

  /**
   * A moof and the mdat right behind it are taken as one buffer: a slice of ffmpeg's chunk when the fragment came
   * in one (ffmpeg flushes each fragment, so most do), instead of two slices copied together. The moof alone when
   * something else follows it; null until the next box's header is there.
   */
  private fragmentSize(moofSize: number): number | null {
    if (this.buffered < moofSize + 8) {
      this.pendingSize = moofSize + 8;
      return null;
    }
    const next = readBoxHeader(this.peek(16, moofSize), 0);
    if (!next) {
      this.pendingSize = moofSize + 16; // a 64-bit mdat size
      return null;
    }
    if (next.type !== 'mdat') return moofSize;
    if (next.size > this.maxBoxBytes) throw new Mp4ParseError(`box mdat of ${next.size} bytes is too large`);
    return moofSize + next.size;
  }

  /** Forgets partial data, e.g. when the producing process restarts. */
  reset(): void {
    this.chunks = [];
    this.buffered = 0;
    this.initParts = [];
    this.fragmentParts = [];
    this.prefix = [];
    this.pendingSize = 0;
  }

  private onBox(type: string, box: Buffer): Fmp4Segment | null {
    if (INIT_BOXES.has(type)) {
      if (type === 'ftyp') this.initParts = [];
      this.initParts.push(box);
      if (type !== 'moov') return null;
      const data = Buffer.concat(this.initParts);
      this.initParts = [];
      this.fragmentParts = [];
      this.init = parseInit(data);
      return { type: 'init', data, info: this.init };
    }
    if (type === 'moof') {
      this.fragmentParts = [...this.prefix, box];
      this.prefix = [];
      return null;
    }
    if (type === 'mdat' && this.fragmentParts.length > 0) {
      // a moof whose mdat came after other boxes (onFragment takes the usual moof + mdat)
      this.fragmentParts.push(box);
      const data = Buffer.concat(this.fragmentParts);
      this.fragmentParts = [];
      if (!this.init) return null; // a fragment before any init segment cannot be decoded
      return { type: 'fragment', data, info: parseFragment(data, this.init.tracks) };
    }
    if (FRAGMENT_PREFIX_BOXES.has(type)) this.prefix.push(box);
    return null;
  }

  /** A moof with its mdat, plus any styp/sidx/prft that came just before. */
  private onFragment(moofAndMdat: Buffer): Fmp4Segment | null {
    const data = this.prefix.length > 0 ? Buffer.concat([...this.prefix, moofAndMdat]) : moofAndMdat;
    this.prefix = [];
    this.fragmentParts = [];
    if (!this.init) return null; // a fragment before any init segment cannot be decoded
    return { type: 'fragment', data, info: parseFragment(data, this.init.tracks) };
  }

  /** Up to `n` bytes from `offset` without consuming them. */
  private peek(n: number, offset = 0): Buffer {
    const first = this.chunks[0];
    if (!first) return Buffer.alloc(0);
    if (first.length >= offset + n || this.chunks.length === 1) return first.subarray(offset, offset + n);
    return Buffer.concat(this.chunks, Math.min(offset + n, this.buffered)).subarray(offset, offset + n);
  }

  /** Consumes exactly `n` bytes (n <= buffered); zero-copy when they lie in one chunk. */
  private take(n: number): Buffer {
    const first = this.chunks[0]!;
    let out: Buffer;
    if (first.length >= n) {
      out = first.subarray(0, n);
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
    } else {
      const parts: Buffer[] = [];
      let need = n;
      while (need > 0) {
        const chunk = this.chunks[0]!;
        if (chunk.length <= need) {
          parts.push(chunk);
          this.chunks.shift();
          need -= chunk.length;
        } else {
          parts.push(chunk.subarray(0, need));
          this.chunks[0] = chunk.subarray(need);
          need = 0;
        }
      }
      out = Buffer.concat(parts, n);
    }
    this.buffered -= n;
    return out;
  }
}
