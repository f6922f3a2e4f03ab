import { boxes, child, children, fourcc, fullBox, Mp4ParseError, need, type Box } from './boxes.js';
import type { TrackInfo } from './init.js';
import { readTfhd, SAMPLE_IS_NON_SYNC, TRUN_CTS, TRUN_DATA_OFFSET, TRUN_DURATION, TRUN_FIRST_FLAGS, TRUN_FLAGS, TRUN_SIZE } from './tfhd.js';

const MOOF = fourcc('moof');

/** One track's run inside a fragment (a traf). */
export interface TrafInfo {
  trackId: number;
  /** tfdt baseMediaDecodeTime in the track's timescale. */
  baseDecodeTime: number;
  /** Byte offset of the tfdt value inside the fragment buffer (-1 without tfdt), for rebasing the timeline. */
  tfdtOffset: number;
  tfdtVersion: number;
  sampleCount: number;
  /** Sum of sample durations, in the track's timescale. */
  duration: number;
  /** The first sample is a sync sample (keyframe). */
  startsWithSync: boolean;
}

export interface FragmentInfo {
  /** mfhd sequence number. */
  sequence: number;
  trafs: TrafInfo[];
  /** The video track's first sample is a keyframe (audio-only streams: always true). */
  keyframe: boolean;
  /** Start of the fragment in seconds (video track, else first track), from tfdt and mdhd timescale. */
  timestamp: number;
  /** Length in seconds (same track). */
  duration: number;
}

/** Parses the moof of a fragment (moof + mdat, optionally preceded by styp/sidx/prft). */
export function parseFragment(buf: Buffer, tracks: readonly TrackInfo[]): FragmentInfo {
  const moof = firstMoof(buf);
  if (!moof) throw new Mp4ParseError('fragment without moof');
  const mfhd = child(buf, moof, 'mfhd');
  const sequence = mfhd && mfhd.end - mfhd.body >= 8 ? buf.readUInt32BE(mfhd.body + 4) : 0;
  const trafs = children(buf, moof, 'traf').map((traf) => parseTraf(buf, traf, moof, tracks));
  const { keyframe, timestamp, duration } = fragmentTiming(trafs, tracks);
  return { sequence, trafs, keyframe, timestamp, duration };
}

/** ffmpeg's fragments start with their moof: found without walking the buffer, else the first one after a prefix. */
function firstMoof(buf: Buffer): Box | undefined {
  // A 32-bit size and the type compared as a number: no header object or type string for every fragment.
  if (buf.length >= 8 && buf.readUInt32BE(4) === MOOF && buf.readUInt32BE(0) >= 8) return { type: 'moof', start: 0, body: 8, end: buf.readUInt32BE(0) };
  for (const box of boxes(buf)) if (box.type === 'moof') return box;
  return undefined;
}

/**
 * Keyframe, start and length of a fragment from its trafs: the video track's (else the first track's), in
 * seconds. Also after the trafs' decode times were rewritten (timeline.ts), without parsing the fragment again.
 */
export function fragmentTiming(trafs: readonly TrafInfo[], tracks: readonly TrackInfo[]): Pick<FragmentInfo, 'keyframe' | 'timestamp' | 'duration'> {
  const video = tracks.find((t) => t.kind === 'video');
  const main = (video && trafs.find((t) => t.trackId === video.id)) ?? trafs[0];
  const track = main && tracks.find((t) => t.id === main.trackId);
  const scale = track?.timescale || 1;
  return {
    keyframe: video ? (main?.trackId === video.id && main.startsWithSync) : true,
    timestamp: main ? main.baseDecodeTime / scale : 0,
    duration: main ? main.duration / scale : 0,
  };
}

function parseTraf(buf: Buffer, traf: Box, moof: Box, tracks: readonly TrackInfo[]): TrafInfo {
  const tfhd = child(buf, traf, 'tfhd');
  if (!tfhd) throw new Mp4ParseError('traf without tfhd');
  need(buf, tfhd, 8);
  const trackId = buf.readUInt32BE(tfhd.body + 4);
  const { duration: defaultDuration, flags: defaultFlags } = readTfhd(buf, tfhd, moof, tracks.find((t) => t.id === trackId));

  let baseDecodeTime = 0;
  let tfdtOffset = -1;
  let tfdtVersion = 0;
  const tfdt = child(buf, traf, 'tfdt');
  if (tfdt) {
    tfdtVersion = fullBox(buf, tfdt).version;
    need(buf, tfdt, tfdtVersion === 1 ? 12 : 8);
    tfdtOffset = tfdt.body + 4;
    // Two 32-bit halves rather than a BigInt per fragment and track; exact below 2^53 like Number(bigint).
    baseDecodeTime = tfdtVersion === 1 ? buf.readUInt32BE(tfdtOffset) * 2 ** 32 + buf.readUInt32BE(tfdtOffset + 4) : buf.readUInt32BE(tfdtOffset);
  }

  let sampleCount = 0;
  let duration = 0;
  let firstFlags: number | undefined;
  for (const trun of children(buf, traf, 'trun')) {
    const { flags } = fullBox(buf, trun);
    need(buf, trun, 8);
    const count = buf.readUInt32BE(trun.body + 4);
    let p = trun.body + 8;
    if (flags & TRUN_DATA_OFFSET) p += 4;
    let first: number | undefined;
    if (flags & TRUN_FIRST_FLAGS) {
      first = buf.readUInt32BE(p);
      p += 4;
    }
    const perSample = (flags & TRUN_DURATION ? 4 : 0) + (flags & TRUN_SIZE ? 4 : 0) + (flags & TRUN_FLAGS ? 4 : 0) + (flags & TRUN_CTS ? 4 : 0);
    if (p + perSample * count > trun.end) throw new Mp4ParseError('trun overruns its box');
    for (let i = 0; i < count; i++) {
      let sampleDuration = defaultDuration;
      if (flags & TRUN_DURATION) {
        sampleDuration = buf.readUInt32BE(p);
        p += 4;
      }
      if (flags & TRUN_SIZE) p += 4;
      let sampleFlags = i === 0 && first !== undefined ? first : defaultFlags;
      if (flags & TRUN_FLAGS) {
        const own = buf.readUInt32BE(p);
        if (!(i === 0 && first !== undefined)) sampleFlags = own;
        p += 4;
      }
      if (flags & TRUN_CTS) p += 4;
      if (sampleCount === 0 && i === 0) firstFlags = sampleFlags;
      duration += sampleDuration;
    }
    sampleCount += count;
  }
  const startsWithSync = sampleCount > 0 && ((firstFlags ?? defaultFlags) & SAMPLE_IS_NON_SYNC) === 0;
  return { trackId, baseDecodeTime, tfdtOffset, tfdtVersion, sampleCount, duration, startsWithSync };
}

/**
 * Overwrites a traf's tfdt in place (the fragment buffer must be owned by the caller). Returns false when a
 * 32-bit tfdt cannot hold the value.
 */
export function writeBaseDecodeTime(buf: Buffer, traf: TrafInfo, value: number): boolean {
  if (traf.tfdtOffset < 0) return false;
  if (traf.tfdtVersion === 1) {
    buf.writeUInt32BE(Math.floor(value / 2 ** 32), traf.tfdtOffset);
    buf.writeUInt32BE(value % 2 ** 32, traf.tfdtOffset + 4);
  }
  else if (value <= 0xffffffff) buf.writeUInt32BE(value, traf.tfdtOffset);
  else return false;
  traf.baseDecodeTime = value;
  return true;
}
