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

export function child(buf: Buffer, parent: Box, type: string): Box | undefined {
  for (const box of boxes(buf, parent.body, parent.end)) if (box.type === type) return box;
  return undefined;
}

export function children(buf: Buffer, parent: Box, type: string): Box[] {
  return [...boxes(buf, parent.body, parent.end)].filter((box) => box.type === type);
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
