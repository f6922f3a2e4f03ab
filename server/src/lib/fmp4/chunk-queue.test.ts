import { describe, expect, it } from 'vitest';
import { fourcc, Mp4ParseError } from './boxes.js';
import { ChunkQueue } from './chunk-queue.js';

/** A queue fed `bytes` cut at the given offsets. */
function queueOf(bytes: Buffer, cuts: number[]): ChunkQueue {
  const queue = new ChunkQueue();
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    queue.push(bytes.subarray(at, cut));
    at = cut;
  }
  return queue;
}

/** Every way to cut `length` bytes into 1, 2 or 3 pieces, and into single bytes. */
function cutsOf(length: number): number[][] {
  const all: number[][] = [[], Array.from({ length: length - 1 }, (_, i) => i + 1)];
  for (let a = 1; a < length; a++) {
    all.push([a]);
    for (let b = a + 1; b < length; b++) all.push([a, b]);
  }
  return all;
}

const box32 = (type: string, payload: number[]): Buffer => {
  const out = Buffer.alloc(8 + payload.length);
  out.writeUInt32BE(out.length, 0);
  out.write(type, 4, 'latin1');
  Buffer.from(payload).copy(out, 8);
  return out;
};

const box64 = (type: string, payload: number[]): Buffer => {
  const out = Buffer.alloc(16 + payload.length);
  out.writeUInt32BE(1, 0);
  out.write(type, 4, 'latin1');
  out.writeBigUInt64BE(BigInt(out.length), 8);
  Buffer.from(payload).copy(out, 16);
  return out;
};

describe('ChunkQueue', () => {
  it('reads 32- and 64-bit box headers at any offset however the bytes are cut, 1-byte chunks included', () => {
    const bytes = Buffer.concat([box32('moof', [1, 2, 3]), box64('mdat', [4, 5, 6, 7]), box32('free', [])]);
    for (const cuts of cutsOf(bytes.length)) {
      const queue = queueOf(bytes, cuts);
      expect(queue.length).toBe(bytes.length);
      expect(queue.header(0)).toEqual({ size: 11, headerSize: 8, code: fourcc('moof') });
      expect(queue.header(11)).toEqual({ size: 20, headerSize: 16, code: fourcc('mdat') });
      expect(queue.header(31)).toEqual({ size: 8, headerSize: 8, code: fourcc('free') });
    }
  });

  it('waits for a whole header', () => {
    const bytes = box64('mdat', [9]);
    for (let n = 0; n < 16; n++) expect(queueOf(bytes.subarray(0, n), []).header(0)).toBeNull();
    expect(queueOf(bytes.subarray(0, 16), [3, 9]).header(0)).toEqual({ size: 17, headerSize: 16, code: fourcc('mdat') });
  });

  it('takes bytes across chunks in order, as a slice of the chunk when they lie in one', () => {
    const bytes = Buffer.from(Array.from({ length: 40 }, (_, i) => i));
    for (const cuts of cutsOf(bytes.length).filter((c) => c.length <= 2)) {
      for (const first of [1, 5, 17, 39]) {
        const queue = queueOf(bytes, cuts);
        const a = queue.take(first);
        const b = queue.take(bytes.length - first);
        expect(Buffer.concat([a, b]).equals(bytes)).toBe(true);
        expect(queue.length).toBe(0);
        if ((cuts[0] ?? bytes.length) >= first) expect(a.buffer).toBe(bytes.buffer); // no copy
      }
    }
  });

  it('rejects the same bad sizes as readBoxHeader, wherever the header is cut', () => {
    const zero = Buffer.from([0, 0, 0, 0, 0x6d, 0x6f, 0x6f, 0x66]);
    const tiny = Buffer.from([0, 0, 0, 4, 0x6d, 0x6f, 0x6f, 0x66]);
    const small64 = Buffer.concat([Buffer.from([0, 0, 0, 1, 0x6d, 0x64, 0x61, 0x74]), Buffer.alloc(8)]);
    for (const cuts of cutsOf(8)) {
      expect(() => queueOf(zero, cuts).header(0)).toThrow(/size 0/);
      expect(() => queueOf(tiny, cuts).header(0)).toThrow(Mp4ParseError);
    }
    expect(() => queueOf(small64, [9]).header(0)).toThrow(/bad 64-bit size 0/);
  });
});
