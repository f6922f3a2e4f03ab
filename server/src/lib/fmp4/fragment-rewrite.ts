import { boxes, child, children, fullBox, Mp4ParseError, need, type Box } from './boxes.js';
import type { TrackInfo } from './init.js';
import { readSamples, type Sample } from './samples.js';
import { TFHD_BASE_DATA_OFFSET, TRUN_CTS, TRUN_DATA_OFFSET, TRUN_DURATION, TRUN_FLAGS, TRUN_SIZE } from './tfhd.js';

/** tfhd: data offsets count from the moof (ISO/IEC 14496-12 §8.8.7); set on every rewritten traf. */
const TFHD_DEFAULT_BASE_IS_MOOF = 0x020000;
const TRAF_CHILDREN = new Set(['tfhd', 'tfdt', 'trun']);

/** One track of a fragment, its samples cut out: what a rewrite may change before writing it back. */
export interface TrackRun {
  trackId: number;
  /** In decode order; the first one's decode time becomes the tfdt. */
  samples: Sample[];
  /** The tfhd box as it came (its defaults are kept; the rewrite spells every sample's values out anyway). */
  tfhd: Buffer;
  /** The first trun's version: 1 when composition offsets are signed. */
  trunVersion: number;
  hasCompositionOffsets: boolean;
}

/** A fragment taken apart: the boxes in front of the moof, the mfhd, and one run per traf. */
export interface FragmentRuns {
  prefix: Buffer;
  mfhd: Buffer;
  runs: TrackRun[];
}

/**
 * Takes a fragment apart into its tracks' samples; null for a layout the rewrite does not handle (a traf with
 * boxes besides tfhd/tfdt/trun, which may describe samples one by one, or an explicit base data offset). ffmpeg's
 * `frag_keyframe+empty_moov+default_base_moof` fragments are all of the handled kind.
 */
export function readRuns(buf: Buffer, tracks: readonly TrackInfo[]): FragmentRuns | null {
  const moof = [...boxes(buf)].find((box) => box.type === 'moof');
  const mfhd = moof && child(buf, moof, 'mfhd');
  if (!moof || !mfhd) throw new Mp4ParseError('fragment without moof/mfhd');
  const runs: TrackRun[] = [];
  for (const traf of children(buf, moof, 'traf')) {
    const run = readRun(buf, traf, tracks);
    if (!run) return null;
    runs.push(run);
  }
  return { prefix: buf.subarray(0, moof.start), mfhd: buf.subarray(mfhd.start, mfhd.end), runs };
}

function readRun(buf: Buffer, traf: Box, tracks: readonly TrackInfo[]): TrackRun | null {
  if ([...boxes(buf, traf.body, traf.end)].some((box) => !TRAF_CHILDREN.has(box.type))) return null;
  const tfhd = child(buf, traf, 'tfhd');
  if (!tfhd || fullBox(buf, tfhd).flags & TFHD_BASE_DATA_OFFSET) return null;
  need(buf, tfhd, 8);
  const trackId = buf.readUInt32BE(tfhd.body + 4);
  const truns = children(buf, traf, 'trun');
  const first = truns[0] && fullBox(buf, truns[0]);
  return {
    trackId,
    samples: truns.length > 0 ? readSamples(buf, tracks, trackId) : [], tfhd: buf.subarray(tfhd.start, tfhd.end),
    trunVersion: first?.version ?? 0,
    hasCompositionOffsets: truns.some((trun) => (fullBox(buf, trun).flags & TRUN_CTS) !== 0),
  };
}

const TFDT_BYTES = 20; // version 1: 64-bit base media decode time
const trunEntryBytes = (run: TrackRun): number => (run.hasCompositionOffsets ? 16 : 12);
const trunBytes = (run: TrackRun): number => 20 + run.samples.length * trunEntryBytes(run);
const trafBytes = (run: TrackRun): number => 8 + run.tfhd.length + TFDT_BYTES + trunBytes(run);

/**
 * Writes a fragment back from its runs: one trun per traf that spells out each sample's duration, size, flags
 * (and composition offset), a 64-bit tfdt, and an mdat with the samples in traf order. Tracks without samples
 * are left out; a fragment left with no track at all is null.
 */
export function writeRuns(fragment: FragmentRuns): Buffer | null {
  const runs = fragment.runs.filter((run) => run.samples.length > 0);
  if (runs.length === 0) return null;
  const moofBytes = 8 + fragment.mfhd.length + runs.reduce((sum, run) => sum + trafBytes(run), 0);
  const mdatBytes = 8 + runs.reduce((sum, run) => sum + run.samples.reduce((s, sample) => s + sample.data.length, 0), 0);
  const out = Buffer.allocUnsafe(fragment.prefix.length + moofBytes + mdatBytes);
  let p = fragment.prefix.copy(out, 0);
  const moofStart = p;
  p = boxHeader(out, p, moofBytes, 'moof');
  p += fragment.mfhd.copy(out, p);
  let dataAt = moofBytes + 8; // from the moof's first byte, as default-base-is-moof counts
  for (const run of runs) {
    p = writeTraf(out, p, run, dataAt);
    dataAt += run.samples.reduce((sum, sample) => sum + sample.data.length, 0);
  }
  p = boxHeader(out, p, mdatBytes, 'mdat');
  for (const run of runs) for (const sample of run.samples) p += sample.data.copy(out, p);
  if (p !== out.length || moofStart + moofBytes + mdatBytes !== p) throw new Mp4ParseError('fragment rewrite: sizes disagree');
  return out;
}

function writeTraf(out: Buffer, at: number, run: TrackRun, dataOffset: number): number {
  let p = boxHeader(out, at, trafBytes(run), 'traf');
  const tfhdAt = p;
  p += run.tfhd.copy(out, p);
  out.writeUInt32BE((out.readUInt32BE(tfhdAt + 8) | TFHD_DEFAULT_BASE_IS_MOOF) >>> 0, tfhdAt + 8);
  p = boxHeader(out, p, TFDT_BYTES, 'tfdt');
  p = out.writeUInt32BE(0x01000000, p);
  p = out.writeBigUInt64BE(BigInt(run.samples[0]!.decodeTime), p);
  p = boxHeader(out, p, trunBytes(run), 'trun');
  const flags = TRUN_DATA_OFFSET | TRUN_DURATION | TRUN_SIZE | TRUN_FLAGS | (run.hasCompositionOffsets ? TRUN_CTS : 0);
  p = out.writeUInt32BE(((run.trunVersion << 24) | flags) >>> 0, p);
  p = out.writeUInt32BE(run.samples.length, p);
  p = out.writeInt32BE(dataOffset, p);
  for (const sample of run.samples) {
    p = out.writeUInt32BE(sample.duration, p);
    p = out.writeUInt32BE(sample.data.length, p);
    p = out.writeUInt32BE(sample.flags >>> 0, p);
    if (!run.hasCompositionOffsets) continue;
    p = run.trunVersion === 1 ? out.writeInt32BE(sample.compositionOffset, p) : out.writeUInt32BE(sample.compositionOffset >>> 0, p);
  }
  return p;
}

function boxHeader(out: Buffer, at: number, size: number, type: string): number {
  out.writeUInt32BE(size, at);
  out.write(type, at + 4, 'latin1');
  return at + 8;
}
