import { fourcc, Mp4ParseError, typeName } from './boxes.js';
import { ChunkQueue } from './chunk-queue.js';
import { parseFragment, type FragmentInfo } from './fragment.js';
import { parseInit, type InitInfo } from './init.js';

export type Fmp4Segment =
  | { type: 'init'; data: Buffer; info: InitInfo }
  | { type: 'fragment'; data: Buffer; info: FragmentInfo };

/** A fragment larger than this is treated as a broken stream rather than buffered forever. */
const DEFAULT_MAX_BOX_BYTES = 64 * 1024 * 1024;
const FTYP = fourcc('ftyp');
const MOOV = fourcc('moov');
const MOOF = fourcc('moof');
const MDAT = fourcc('mdat');
const FRAGMENT_PREFIX_BOXES = new Set(['styp', 'sidx', 'prft', 'emsg'].map(fourcc));

/**
 * Streaming fMP4 parser: push stdout chunks split anywhere, get whole segments back — the init segment
 * (ftyp + moov) and fragments (moof + mdat, plus any styp/sidx/prft just before the moof), each in its own
 * Buffer that the caller owns. Other top-level boxes (free, mfra at the end of a stream) are skipped.
 */
export class Fmp4StreamParser {
  private readonly queue = new ChunkQueue();
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
    const queue = this.queue;
    queue.push(chunk);
    const out: Fmp4Segment[] = [];
    while (queue.length >= Math.max(8, this.pendingSize)) {
      const header = queue.header(0);
      if (!header) break;
      if (header.size > this.maxBoxBytes) throw new Mp4ParseError(`box ${typeName(header.code)} of ${header.size} bytes is too large`);
      const size = header.code === MOOF ? this.fragmentSize(header.size) : header.size;
      if (size === null) break; // the header of the box after the moof has not arrived yet
      this.pendingSize = size;
      if (queue.length < size) break;
      this.pendingSize = 0;
      const bytes = queue.take(size);
      const segment = size === header.size ? this.onBox(header.code, bytes) : this.onFragment(bytes);
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
    if (this.queue.length < moofSize + 8) {
      this.pendingSize = moofSize + 8;
      return null;
    }
    const next = this.queue.header(moofSize);
    if (!next) {
      this.pendingSize = moofSize + 16; // a 64-bit mdat size
      return null;
    }
    if (next.code !== MDAT) return moofSize;
    if (next.size > this.maxBoxBytes) throw new Mp4ParseError(`box mdat of ${next.size} bytes is too large`);
    return moofSize + next.size;
  }

  /** Forgets partial data, e.g. when the producing process restarts. */
  reset(): void {
    this.queue.clear();
    this.initParts = [];
    this.fragmentParts = [];
    this.prefix = [];
    this.pendingSize = 0;
  }

  private onBox(code: number, box: Buffer): Fmp4Segment | null {
    if (code === FTYP || code === MOOV) {
      if (code === FTYP) this.initParts = [];
      this.initParts.push(box);
      if (code !== MOOV) return null;
      const data = Buffer.concat(this.initParts);
      this.initParts = [];
      this.fragmentParts = [];
      this.init = parseInit(data);
      return { type: 'init', data, info: this.init };
    }
    if (code === MOOF) {
      this.fragmentParts = [...this.prefix, box];
      this.prefix = [];
      return null;
    }
    if (code === MDAT && this.fragmentParts.length > 0) {
      // a moof whose mdat came after other boxes (onFragment takes the usual moof + mdat)
      this.fragmentParts.push(box);
      const data = Buffer.concat(this.fragmentParts);
      this.fragmentParts = [];
      if (!this.init) return null; // a fragment before any init segment cannot be decoded
      return { type: 'fragment', data, info: parseFragment(data, this.init.tracks) };
    }
    if (FRAGMENT_PREFIX_BOXES.has(code)) this.prefix.push(box);
    return null;
  }

  /** A moof with its mdat, plus any styp/sidx/prft that came just before. */
  private onFragment(moofAndMdat: Buffer): Fmp4Segment | null {
    let data = moofAndMdat;
    if (this.prefix.length > 0) {
      data = Buffer.concat([...this.prefix, moofAndMdat]);
      this.prefix = [];
    }
    if (this.fragmentParts.length > 0) this.fragmentParts = []; // no new arrays for the usual fragment
    if (!this.init) return null; // a fragment before any init segment cannot be decoded
    return { type: 'fragment', data, info: parseFragment(data, this.init.tracks) };
  }
}
