import { createReadStream } from 'node:fs';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Header } from 'tar';
import { AppError } from '../errors/app-error.js';

const BLOCK = 512;
/** Zeros a tar writer may add after the end blocks (GNU tar pads to its 10 KiB record); anything beyond is refused. */
export const TRAILING_ALLOWANCE = 1024 * 1024;
/** Inflated bytes per compressed byte the reader accepts (node-tar's own default); a bomb inside an entry stops here. */
export const MAX_INFLATE_RATIO = 1000;
/** A pax header of this archive only ever carries a path (at most 4096 characters) and times. */
const MAX_PAX_BYTES = 64 * 1024;

/** `x` is the pax header node-tar writes for long paths; `0` files and `5` folders are all a backup holds. */
const ALLOWED_TYPES = new Set(['0', '5', 'x']);
/**
 * Pax keys that change how long the next entry's body is (`size`) or what it is (`type`). The parser and this walker
 * must agree on every body length, so an archive that could make them disagree is refused outright. Checked on the
 * raw bytes: no decoding difference can hide them.
 */
const BODY_CHANGING_PAX = [Buffer.from('size='), Buffer.from('type=')];
/** A pax path ending in `/` (before the record's end or a NUL) makes node-tar read the next "file" as a folder. */
const FOLDER_PATH_PAX = [Buffer.from('/\n'), Buffer.from('/\0')];

export interface TarBoundsLimits {
  maxEntries: number;
  maxEntryBytes: number;
}

const unsafe = (message: string) => new AppError('BACKUP_UNSAFE_ENTRY', message);

const isZero = (block: Buffer) => block.every((byte) => byte === 0);

/**
 * Follows the tar structure of the inflated stream (a 512-byte header, its body rounded up to 512, the next header,
 * …) and passes on the archive only up to its two end blocks. node-tar's parser keeps every byte that arrives after
 * those blocks and concatenates them chunk by chunk (quadratic): a few MiB of zeros after the end kept the main
 * thread busy for minutes (N3). Here nothing after the end reaches the parser, and more than TRAILING_ALLOWANCE of it
 * refuses the archive. Only plain files, folders and pax headers without `size`/`type` pass, so the body lengths seen
 * here are exactly the parser's. Entry count and declared sizes are checked as the headers go by.
 */
export class TarBounds extends Transform {
  private partial = Buffer.alloc(0);
  /** Bytes of the current body (padding included) still to pass through. */
  private bodyLeft = 0;
  /** The current body is a pax header's: held back to look at its keys first. */
  private pax: Buffer[] | null = null;
  /** A pax header since the last entry names a folder-like path (it applies to the next entry). */
  private paxFolderPath = false;
  private zeroBlocks = 0;
  private ended = false;
  private trailing = 0;
  private entries = 0;
  private inflated = 0;

  constructor(
    private readonly limits: TarBoundsLimits,
    private readonly compressedBytes: () => number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.inflated += chunk.length;
      if (this.inflated > MAX_INFLATE_RATIO * this.compressedBytes() + TRAILING_ALLOWANCE) {
        throw new AppError('BACKUP_TOO_LARGE', `the archive inflates more than ${MAX_INFLATE_RATIO} times (a compression bomb)`);
      }
      this.consume(chunk);
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    done(this.ended ? null : new AppError('BACKUP_INVALID', 'the archive is truncated (no end-of-archive blocks)'));
  }

  private consume(chunk: Buffer): void {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.ended) {
        this.trailing += chunk.length - offset;
        if (this.trailing > TRAILING_ALLOWANCE) throw new AppError('BACKUP_INVALID', 'the archive has data after its end-of-archive blocks');
        return;
      }
      if (this.bodyLeft > 0) {
        const body = chunk.subarray(offset, offset + this.bodyLeft);
        offset += body.length;
        this.bodyLeft -= body.length;
        if (!this.pax) this.push(body);
        else this.pax.push(body);
        if (this.bodyLeft === 0 && this.pax) this.passPax(Buffer.concat(this.pax));
        continue;
      }
      const piece = chunk.subarray(offset, offset + BLOCK - this.partial.length);
      offset += piece.length;
      this.partial = Buffer.concat([this.partial, piece]);
      if (this.partial.length === BLOCK) {
        const block = this.partial;
        this.partial = Buffer.alloc(0);
        this.header(block);
      }
    }
  }

  /** Checks a header before the parser sees it, then passes it on. */
  private header(block: Buffer): void {
    if (isZero(block)) {
      this.zeroBlocks += 1;
      this.ended = this.zeroBlocks === 2;
      this.push(block);
      return;
    }
    this.zeroBlocks = 0;
    const header = decode(block);
    const code = String.fromCharCode(block[156] ?? 0);
    const name = String(header.path);
    if (!ALLOWED_TYPES.has(code)) throw unsafe(`entry ${JSON.stringify(name)} is a ${header.type ?? 'unknown type'}, not a file or folder`);
    // A "file" named like a folder is a folder to node-tar (no body): never let the two readings differ.
    if (code === '0' && (name.endsWith('/') || this.paxFolderPath)) throw unsafe(`entry ${JSON.stringify(name)} is a file named like a folder`);
    if (code !== 'x') this.paxFolderPath = false;
    const size = header.size ?? 0;
    if (code === 'x' && size > MAX_PAX_BYTES) throw unsafe(`a pax header of ${size} bytes`);
    if (size > this.limits.maxEntryBytes) throw new AppError('BACKUP_TOO_LARGE', `entry ${JSON.stringify(name)} declares ${size} bytes`);
    if (code !== 'x' && (this.entries += 1) > this.limits.maxEntries) throw new AppError('BACKUP_TOO_LARGE', `more than ${this.limits.maxEntries} entries`);
    this.bodyLeft = BLOCK * Math.ceil(size / BLOCK);
    this.pax = code === 'x' && size > 0 ? [] : null;
    this.push(block);
  }

  /** A pax header's body, held back until its keys are checked. */
  private passPax(body: Buffer): void {
    this.pax = null;
    if (BODY_CHANGING_PAX.some((key) => body.includes(key))) throw unsafe('a pax header sets the size or type of an entry');
    this.paxFolderPath ||= FOLDER_PATH_PAX.some((end) => body.includes(end));
    this.push(body);
  }
}

function decode(block: Buffer): Header {
  let header: Header;
  try {
    header = new Header(block);
  } catch {
    throw new AppError('BACKUP_INVALID', 'a tar header is damaged');
  }
  if (!header.cksumValid) throw new AppError('BACKUP_INVALID', 'a tar header is damaged (checksum)');
  return header;
}

/**
 * The archive file as a plain tar stream, bounded: gunzip, then TarBounds. Errors (a refusal, bad gzip) surface on
 * the returned stream; the caller destroys it to stop early.
 */
export function openBoundedTar(file: string, limits: TarBoundsLimits): Readable {
  let compressed = 0;
  const source = createReadStream(file);
  source.on('data', (chunk) => void (compressed += chunk.length));
  const gunzip = createGunzip();
  const bounds = new TarBounds(limits, () => compressed);
  const fail = (error: Error) => bounds.destroy(error instanceof AppError ? error : new AppError('BACKUP_INVALID', `not a readable gzip tar archive: ${error.message}`));
  source.on('error', fail);
  gunzip.on('error', fail);
  bounds.on('close', () => {
    source.destroy();
    gunzip.destroy();
  });
  source.pipe(gunzip).pipe(bounds);
  return bounds;
}
