import { boxes, child, children, fullBox, Mp4ParseError, need, path, type Box } from './boxes.js';
import type { TrackInfo } from './init.js';
import { readTfhd, SAMPLE_IS_NON_SYNC, TRUN_CTS, TRUN_DATA_OFFSET, TRUN_DURATION, TRUN_FIRST_FLAGS, TRUN_FLAGS, TRUN_SIZE } from './tfhd.js';

/** One sample (a video frame, an audio frame) of a fragment, with its payload cut out of the mdat. */
export interface Sample {
  /** Decode time in the track's timescale (tfdt + earlier durations). */
  decodeTime: number;
  duration: number;
  /** Presentation minus decode time; differs between samples only when frames are reordered (B-frames). */
  compositionOffset: number;
  sync: boolean;
  /** The sample flags as the fragment gives them (trun, first-sample, tfhd or trex default). */
  flags: number;
  /** A view into the fragment buffer (not a copy). */
  data: Buffer;
}

function readTfdt(buf: Buffer, traf: Box): number {
  const tfdt = child(buf, traf, 'tfdt');
  if (!tfdt) return 0;
  const { version } = fullBox(buf, tfdt);
  need(buf, tfdt, version === 1 ? 12 : 8);
  return version === 1 ? Number(buf.readBigUInt64BE(tfdt.body + 4)) : buf.readUInt32BE(tfdt.body + 4);
}

/**
 * The samples of one track in a fragment (moof + mdat), in decode order, from the trun sample tables: sizes,
 * durations, flags and composition offsets, with the payload located by the trun data offset.
 */
export function readSamples(buf: Buffer, tracks: readonly TrackInfo[], trackId: number): Sample[] {
  const top = [...boxes(buf)];
  const moof = top.find((box) => box.type === 'moof');
  if (!moof) throw new Mp4ParseError('fragment without moof');
  const mdat = top.find((box) => box.type === 'mdat');
  const samples: Sample[] = [];
  for (const traf of children(buf, moof, 'traf')) {
    const tfhd = child(buf, traf, 'tfhd');
    if (!tfhd) throw new Mp4ParseError('traf without tfhd');
    const track = tracks.find((t) => t.id === trackId);
    const defaults = readTfhd(buf, tfhd, moof, track);
    if (defaults.trackId !== trackId) continue;
    let decodeTime = readTfdt(buf, traf);
    // A trun without data offset continues where the previous one ended, the first at the mdat payload.
    let dataPos = mdat?.body ?? moof.end + 8;
    for (const trun of children(buf, traf, 'trun')) {
      const { flags } = fullBox(buf, trun);
      need(buf, trun, 8);
      const count = buf.readUInt32BE(trun.body + 4);
      let p = trun.body + 8;
      if (flags & TRUN_DATA_OFFSET) {
        dataPos = defaults.baseOffset + buf.readInt32BE(p);
        p += 4;
      }
      let firstFlags: number | undefined;
      if (flags & TRUN_FIRST_FLAGS) {
        firstFlags = buf.readUInt32BE(p);
        p += 4;
      }
      const perSample = [TRUN_DURATION, TRUN_SIZE, TRUN_FLAGS, TRUN_CTS].filter((f) => flags & f).length * 4;
      if (p + perSample * count > trun.end) throw new Mp4ParseError('trun overruns its box');
      for (let i = 0; i < count; i++) {
        const duration = flags & TRUN_DURATION ? buf.readUInt32BE((p += 4) - 4) : defaults.duration;
        const size = flags & TRUN_SIZE ? buf.readUInt32BE((p += 4) - 4) : defaults.size;
        let sampleFlags = flags & TRUN_FLAGS ? buf.readUInt32BE((p += 4) - 4) : defaults.flags;
        if (i === 0 && firstFlags !== undefined) sampleFlags = firstFlags;
        const compositionOffset = flags & TRUN_CTS ? buf.readInt32BE((p += 4) - 4) : 0;
        if (dataPos + size > buf.length) throw new Mp4ParseError('sample data overruns the fragment');
        samples.push({ decodeTime, duration, compositionOffset, sync: (sampleFlags & SAMPLE_IS_NON_SYNC) === 0, flags: sampleFlags, data: buf.subarray(dataPos, dataPos + size) });
        decodeTime += duration;
        dataPos += size;
      }
    }
  }
  return samples;
}

/** Reordered frames: some sample is shown before one decoded earlier (composition order ≠ decode order). */
export function hasReorderedSamples(samples: readonly Sample[]): boolean {
  for (let i = 1; i < samples.length; i++) {
    const previous = samples[i - 1]!;
    const current = samples[i]!;
    if (current.decodeTime + current.compositionOffset < previous.decodeTime + previous.compositionOffset) return true;
  }
  return false;
}

/** The avcC record of an H.264 video track: parameter sets and the NAL length field size. */
export interface AvcConfig {
  profile: number;
  compatibility: number;
  level: number;
  lengthSize: number;
  sps: Buffer[];
  pps: Buffer[];
}

/** Reads the avcC of the video track in an init segment (ftyp + moov); null when the video is not avc1/avc3. */
export function readAvcConfig(init: Buffer): AvcConfig | null {
  const moov = [...boxes(init)].find((box) => box.type === 'moov');
  if (!moov) throw new Mp4ParseError('init segment without moov');
  for (const trak of children(init, moov, 'trak')) {
    const stsd = path(init, trak, 'mdia', 'minf', 'stbl', 'stsd');
    const entry = stsd && [...boxes(init, stsd.body + 8, stsd.end)][0];
    if (!entry || (entry.type !== 'avc1' && entry.type !== 'avc3')) continue;
    need(init, entry, 78);
    const avcC = [...boxes(init, entry.body + 78, entry.end)].find((b) => b.type === 'avcC');
    if (!avcC) return null;
    return parseAvcC(init.subarray(avcC.body, avcC.end));
  }
  return null;
}

function parseAvcC(c: Buffer): AvcConfig {
  if (c.length < 7) throw new Mp4ParseError('avcC is too short');
  const sps: Buffer[] = [];
  const pps: Buffer[] = [];
  let p = 5;
  const take = (into: Buffer[], count: number): void => {
    for (let i = 0; i < count; i++) {
      if (p + 2 > c.length) throw new Mp4ParseError('avcC parameter set overruns');
      const length = c.readUInt16BE(p);
      if (p + 2 + length > c.length) throw new Mp4ParseError('avcC parameter set overruns');
      into.push(Buffer.from(c.subarray(p + 2, p + 2 + length)));
      p += 2 + length;
    }
  };
  take(sps, c[p++]! & 0x1f);
  if (p < c.length) take(pps, c[p++]!);
  return { profile: c[1]!, compatibility: c[2]!, level: c[3]!, lengthSize: (c[4]! & 0x03) + 1, sps, pps };
}
