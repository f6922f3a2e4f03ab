/** Minimal ISO-BMFF (MP4) box reading: just what live fMP4 from ffmpeg needs. */

export class Mp4ParseError extends Error {
  override name = 'Mp4ParseError';
}

export interface Box {
  type: string;
  /** Offset of the box's first byte (its size field). */
  start: number;
  /** Offset of the payload (after size, type and a 64-bit largesize). */
  body: number;
  /** Offset just past the box. */
  end: number;
}

/** The four characters of a box type as the big-endian number they are stored as, e.g. fourcc('moof'). */
export function fourcc(type: string): number {
  return ((type.charCodeAt(0) << 24) | (type.charCodeAt(1) << 16) | (type.charCodeAt(2) << 8) | type.charCodeAt(3)) >>> 0;
}

/** The box type of a fourcc number. */
export function typeName(code: number): string {
  return String.fromCharCode(code >>> 24, (code >>> 16) & 0xff, (code >>> 8) & 0xff, code & 0xff);
}

/**
 * Reads a box header at `offset`. Returns null when fewer bytes than the header are available.
 * `size` is the whole box size; size 0 ("to end of file") is rejected: a live stream has no end.
 */
export function readBoxHeader(buf: Buffer, offset: number): { size: number; headerSize: number; type: string } | null {
  if (buf.length - offset < 8) return null;
  const size32 = buf.readUInt32BE(offset);
  const type = buf.toString('latin1', offset + 4, offset + 8);
  if (size32 === 1) {
    if (buf.length - offset < 16) return null;
    const size = Number(buf.readBigUInt64BE(offset + 8));
    if (size < 16) throw new Mp4ParseError(`box ${type}: bad 64-bit size ${size}`);
    return { size, headerSize: 16, type };
  }
  if (size32 === 0) throw new Mp4ParseError(`box ${type}: size 0 (to end of file) is not supported in a live stream`);
  if (size32 < 8) throw new Mp4ParseError(`box ${type}: bad size ${size32}`);
  return { size: size32, headerSize: 8, type };
}

/** The child boxes between `start` and `end` of a complete buffer. */
export function* boxes(buf: Buffer, start = 0, end = buf.length): Generator<Box> {
  let offset = start;
  while (offset + 8 <= end) {
    const header = readBoxHeader(buf, offset);
    if (!header) return;
    const boxEnd = offset + header.size;
    if (boxEnd > end) throw new Mp4ParseError(`box ${header.type} overruns its parent`);
    yield { type: header.type, start: offset, body: offset + header.headerSize, end: boxEnd };
    offset = boxEnd;
  }
}

/**
 * The child boxes of `type` between the parent's body and end (all of them, or the first with `first`). Walks
 * the headers without a generator or a string per box: the fragment parser runs this for every fragment.
 */
function findChildren(buf: Buffer, parent: Box, type: string, first: boolean): Box[] {
  const code = fourcc(type);
  const found: Box[] = [];
  let offset = parent.body;
  while (offset + 8 <= parent.end) {
    let size = buf.readUInt32BE(offset);
    let headerSize = 8;
    if (size < 8) {
      const header = readBoxHeader(buf, offset); // 64-bit size, or the error of a bad one
      if (!header) break;
      size = header.size;
      headerSize = header.headerSize;
    }
    const end = offset + size;
    if (end > parent.end) throw new Mp4ParseError(`box ${buf.toString('latin1', offset + 4, offset + 8)} overruns its parent`);
    if (buf.readUInt32BE(offset + 4) === code) {
      found.push({ type, start: offset, body: offset + headerSize, end });
      if (first) break;
    }
    offset = end;
  }
  return found;
}

export function child(buf: Buffer, parent: Box, type: string): Box | undefined {
  return findChildren(buf, parent, type, true)[0];
}

export function children(buf: Buffer, parent: Box, type: string): Box[] {
  return findChildren(buf, parent, type, false);
}

/** Follows a path of box types, e.g. `path(buf, trak, 'mdia', 'minf', 'stbl', 'stsd')`. */
export function path(buf: Buffer, from: Box, ...types: string[]): Box | undefined {
  let current: Box | undefined = from;
  for (const type of types) {
    if (!current) return undefined;
    current = child(buf, current, type);
  }
  return current;
}

/** Version and flags of a full box. */
export function fullBox(buf: Buffer, box: Box): { version: number; flags: number } {
  need(buf, box, 4);
  const word = buf.readUInt32BE(box.body);
  return { version: word >>> 24, flags: word & 0xffffff };
}

/** Throws unless the box payload has at least `bytes` bytes. */
export function need(_buf: Buffer, box: Box, bytes: number): void {
  if (box.end - box.body < bytes) throw new Mp4ParseError(`box ${box.type} is too short`);
}
