/**
 * The NAL units of an MP4 video sample (ISO/IEC 14496-15: each unit behind a big-endian length of 1, 2 or 4
 * bytes, the size the avcC/hvcC record names), read for what they are rather than what they say: whether an
 * access unit holds a coded picture, and which of its units are parameter sets. Only the header byte of each unit
 * is read and the walk hops from length to length, so a frame costs one step per NAL unit, not per byte.
 */

export type NalCodec = 'h264' | 'h265';

/** The NAL syntax of a sample entry's four-cc; null for video that is not H.264/H.265 (and for audio). */
export function nalCodecOf(sampleEntry: string): NalCodec | null {
  if (sampleEntry === 'avc1' || sampleEntry === 'avc3') return 'h264';
  if (sampleEntry === 'hvc1' || sampleEntry === 'hev1') return 'h265';
  return null;
}

/** The nal_unit_type in a unit's first byte: 5 bits in H.264, 6 bits after the forbidden bit in H.265. */
export function nalType(codec: NalCodec, firstByte: number): number {
  return codec === 'h264' ? firstByte & 0x1f : (firstByte >> 1) & 0x3f;
}

/** A slice of a coded picture: H.264 types 1–5, H.265 types 0–31 (the VCL range of both standards). */
export function isVcl(codec: NalCodec, type: number): boolean {
  return codec === 'h264' ? type >= 1 && type <= 5 : type <= 31;
}

/** SPS and PPS (H.264 7, 8), and VPS, SPS, PPS (H.265 32–34): what a decoder must have seen before the next picture. */
export function isParameterSet(codec: NalCodec, type: number): boolean {
  return codec === 'h264' ? type === 7 || type === 8 : type >= 32 && type <= 34;
}

/**
 * Each NAL unit of a length-prefixed sample, in order: where its length field starts and its body (a view). The
 * walk ends at a zero length or at a unit whose length runs past the sample (a frame cut off by an outage).
 */
export function* nalUnits(sample: Buffer, lengthSize: number): Generator<{ at: number; body: Buffer }> {
  let p = 0;
  while (p + lengthSize <= sample.length) {
    const length = sample.readUIntBE(p, lengthSize);
    const body = p + lengthSize;
    if (length === 0 || body + length > sample.length) return;
    yield { at: p, body: sample.subarray(body, body + length) };
    p = body + length;
  }
}

/** The bodies of a length-prefixed sample's NAL units (views into the sample); a cut-off tail is left out. */
export function splitNalUnits(sample: Buffer, lengthSize: number): Buffer[] {
  return Array.from(nalUnits(sample, lengthSize), (unit) => unit.body);
}

/** Whether a length-prefixed sample holds at least one slice; a slice cut off by the end does not count (a decoder refuses it as well). */
export function hasPicture(sample: Buffer, lengthSize: number, codec: NalCodec): boolean {
  for (const { body } of nalUnits(sample, lengthSize)) if (isVcl(codec, nalType(codec, body[0]!))) return true;
  return false;
}

/** The parameter-set units of a length-prefixed sample, each with its length field, as views into the sample. */
export function parameterSetUnits(sample: Buffer, lengthSize: number, codec: NalCodec): Buffer[] {
  const units: Buffer[] = [];
  for (const { at, body } of nalUnits(sample, lengthSize)) {
    if (isParameterSet(codec, nalType(codec, body[0]!))) units.push(sample.subarray(at, at + lengthSize + body.length));
  }
  return units;
}
