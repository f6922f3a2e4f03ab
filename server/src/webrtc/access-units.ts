import { readSamples, type AvcConfig, type Sample } from '../lib/fmp4/samples.js';
import type { InitInfo } from '../lib/fmp4/init.js';
import { nalType, splitNalUnits } from '../lib/fmp4/nal-units.js';

/** One H.264 frame ready for the RTP packetizer: NAL units each behind a 4-byte big-endian length. */
export interface AccessUnit {
  data: Buffer;
  keyframe: boolean;
  /** Media time of the frame in seconds (decode time; equal to presentation time without B-frames). */
  time: number;
  /** Seconds. */
  duration: number;
}

const NAL_SPS = 7;
const NAL_PPS = 8;
const NAL_AUD = 9;

function lengthPrefixed(nal: Buffer): Buffer {
  const head = Buffer.allocUnsafe(4);
  head.writeUInt32BE(nal.length);
  return Buffer.concat([head, nal]);
}

/**
 * A sample as one access unit for WebRTC: 4-byte lengths whatever the stream used, access unit delimiters
 * dropped (they only cost packets), and SPS/PPS from the init segment in front of every keyframe that does not
 * carry its own, so a browser can start decoding at any keyframe (cameras often send them only in the SDP).
 */
export function toAccessUnit(sample: Sample, config: AvcConfig, timescale: number): AccessUnit {
  const units = splitNalUnits(sample.data, config.lengthSize).filter((nal) => nalType('h264', nal[0]!) !== NAL_AUD);
  const hasParameterSets = units.some((nal) => nalType('h264', nal[0]!) === NAL_SPS);
  const front = sample.sync && !hasParameterSets ? [...config.sps, ...config.pps] : [];
  return {
    data: Buffer.concat([...front, ...units].map(lengthPrefixed)),
    keyframe: sample.sync,
    time: sample.decodeTime / timescale,
    duration: sample.duration / timescale,
  };
}

/** The video access units of one fragment (moof + mdat). */
export function fragmentAccessUnits(fragment: Buffer, init: InitInfo, config: AvcConfig): { units: AccessUnit[]; samples: Sample[] } {
  const video = init.video;
  if (!video) return { units: [], samples: [] };
  const samples = readSamples(fragment, init.tracks, video.id);
  return { units: samples.map((sample) => toAccessUnit(sample, config, video.timescale || 90_000)), samples };
}

export const NAL_TYPES = { SPS: NAL_SPS, PPS: NAL_PPS, AUD: NAL_AUD, IDR: 5 } as const;
