import { fullBox, need, type Box } from './boxes.js';
import type { TrackInfo } from './init.js';

/**
 * The track fragment header and run flags (ISO/IEC 14496-12 §8.8.7, §8.8.8), and the tfhd reader that both the
 * fragment parser (timing, keyframes) and the sample reader (payloads) use.
 */
export const TFHD_BASE_DATA_OFFSET = 0x1;
export const TFHD_SAMPLE_DESCRIPTION = 0x2;
export const TFHD_DEFAULT_DURATION = 0x8;
export const TFHD_DEFAULT_SIZE = 0x10;
export const TFHD_DEFAULT_FLAGS = 0x20;
export const TRUN_DATA_OFFSET = 0x1;
export const TRUN_FIRST_FLAGS = 0x4;
export const TRUN_DURATION = 0x100;
export const TRUN_SIZE = 0x200;
export const TRUN_FLAGS = 0x400;
export const TRUN_CTS = 0x800;
export const SAMPLE_IS_NON_SYNC = 0x10000;

export interface TfhdDefaults {
  baseOffset: number;
  duration: number;
  size: number;
  flags: number;
}

export function readTfhd(buf: Buffer, tfhd: Box, moof: Box, track: TrackInfo | undefined): { trackId: number } & TfhdDefaults {
  const { flags } = fullBox(buf, tfhd);
  need(buf, tfhd, 8);
  const trackId = buf.readUInt32BE(tfhd.body + 4);
  let pos = tfhd.body + 8;
  // Without an explicit base, ffmpeg's default-base-is-moof (and the first traf rule) both mean the moof start.
  let baseOffset = moof.start;
  if (flags & TFHD_BASE_DATA_OFFSET) {
    baseOffset = Number(buf.readBigUInt64BE(pos));
    pos += 8;
  }
  if (flags & TFHD_SAMPLE_DESCRIPTION) pos += 4;
  const defaults = { duration: track?.defaultSampleDuration ?? 0, size: 0, flags: track?.defaultSampleFlags ?? 0 };
  if (flags & TFHD_DEFAULT_DURATION) {
    defaults.duration = buf.readUInt32BE(pos);
    pos += 4;
  }
  if (flags & TFHD_DEFAULT_SIZE) {
    defaults.size = buf.readUInt32BE(pos);
    pos += 4;
  }
  if (flags & TFHD_DEFAULT_FLAGS) defaults.flags = buf.readUInt32BE(pos);
  return { trackId, baseOffset, ...defaults };
}
