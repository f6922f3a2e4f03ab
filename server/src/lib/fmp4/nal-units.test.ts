import { describe, expect, it } from 'vitest';
import { hasPicture, isVcl, nalCodecOf, nalType, parameterSetUnits } from './nal-units.js';

/** A length-prefixed sample (as in an MP4 mdat) from NAL units, with length fields of `lengthSize` bytes. */
function sample(units: number[][], lengthSize = 4): Buffer {
  return Buffer.concat(units.map((unit) => {
    const head = Buffer.alloc(lengthSize);
    head.writeUIntBE(unit.length, 0, lengthSize);
    return Buffer.concat([head, Buffer.from(unit)]);
  }));
}

const H264 = { aud: [0x09, 0xf0], sps: [0x67, 0x42, 0xc0, 0x0a], pps: [0x68, 0xce, 0x0f], sei: [0x06, 0x05, 0x01, 0x80], idr: [0x65, 0x88, 0x84], slice: [0x41, 0x9a, 0x02] };
const H265 = {
  aud: [0x46, 0x01, 0x50], vps: [0x40, 0x01, 0x0c], sps: [0x42, 0x01, 0x01], pps: [0x44, 0x01, 0xc1], sei: [0x4e, 0x01, 0x05],
  idr: [0x26, 0x01, 0xaf], trail: [0x02, 0x01, 0xd0], reservedVcl: [0x3e, 0x01, 0x00], // type 31: the top of the VCL range
};

describe('NAL units of MP4 samples', () => {
  it('knows the NAL syntax of H.264 and H.265 sample entries, and no other', () => {
    expect(['avc1', 'avc3', 'hvc1', 'hev1', 'mp4v', 'mp4a'].map(nalCodecOf)).toEqual(['h264', 'h264', 'h265', 'h265', null, null]);
  });

  it('reads the type where each standard keeps it', () => {
    expect(nalType('h264', 0x65)).toBe(5);
    expect(nalType('h265', 0x26)).toBe(19);
    expect(nalType('h265', 0x46)).toBe(35);
    expect([0, 1, 5, 6, 7, 9].map((t) => isVcl('h264', t))).toEqual([false, true, true, false, false, false]);
    expect([0, 19, 31, 32, 35, 39].map((t) => isVcl('h265', t))).toEqual([true, true, true, false, false, false]);
  });

  it.each([4, 2, 1])('H.264 with %i-byte lengths: a picture only where there is a slice', (lengthSize) => {
    const has = (units: number[][]) => hasPicture(sample(units, lengthSize), lengthSize, 'h264');
    expect(has([H264.aud])).toBe(false); // the 6-byte sample at the seam (4-byte length + delimiter)
    expect(has([H264.aud, H264.sei])).toBe(false);
    expect(has([H264.aud, H264.sps, H264.pps])).toBe(false);
    expect(has([])).toBe(false);
    expect(has([H264.aud, H264.sps, H264.pps, H264.sei, H264.idr])).toBe(true);
    expect(has([H264.slice])).toBe(true);
    expect(has([H264.aud, H264.slice, H264.slice])).toBe(true);
  });

  it('H.265: a picture only where there is a VCL unit (types 0–31)', () => {
    const has = (units: number[][]) => hasPicture(sample(units), 4, 'h265');
    expect(has([H265.aud])).toBe(false);
    expect(has([H265.aud, H265.vps, H265.sps, H265.pps, H265.sei])).toBe(false);
    expect(has([H265.aud, H265.vps, H265.sps, H265.pps, H265.idr])).toBe(true);
    expect(has([H265.trail])).toBe(true);
    expect(has([H265.reservedVcl])).toBe(true);
  });

  it('does not count a slice cut off by the end of the sample, nor read past it', () => {
    const whole = sample([H264.aud, H264.idr]);
    expect(hasPicture(whole, 4, 'h264')).toBe(true);
    const cut = Buffer.from(whole);
    cut.writeUInt32BE(999, 6); // the slice claims more bytes than the sample has
    expect(hasPicture(cut, 4, 'h264')).toBe(false);
    expect(hasPicture(whole.subarray(0, 8), 4, 'h264')).toBe(false); // a length field and no unit behind it
    expect(hasPicture(sample([[]]), 4, 'h264')).toBe(false); // a zero length ends the walk
  });

  it('takes the parameter sets out of a sample with their length fields, nothing else', () => {
    expect(parameterSetUnits(sample([H264.aud, H264.sps, H264.pps, H264.sei]), 4, 'h264')).toEqual([sample([H264.sps]), sample([H264.pps])]);
    expect(parameterSetUnits(sample([H265.aud, H265.vps, H265.sps, H265.pps, H265.sei], 2), 2, 'h265')).toEqual([
      sample([H265.vps], 2), sample([H265.sps], 2), sample([H265.pps], 2),
    ]);
    expect(parameterSetUnits(sample([H264.aud]), 4, 'h264')).toEqual([]);
  });
});
