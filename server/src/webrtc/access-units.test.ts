import { beforeAll, describe, expect, it } from 'vitest';
import { generateFmp4 } from '../lib/fmp4/test-support/fmp4-fixture.js';
import { hasReorderedSamples, readAvcConfig, readSamples } from '../lib/fmp4/samples.js';
import { Fmp4StreamParser, type Fmp4Segment } from '../lib/fmp4/stream-parser.js';
import { splitNalUnits } from '../lib/fmp4/nal-units.js';
import { fragmentAccessUnits, NAL_TYPES } from './access-units.js';

function segments(bytes: Buffer): { init: Extract<Fmp4Segment, { type: 'init' }>; fragments: Extract<Fmp4Segment, { type: 'fragment' }>[] } {
  const all = new Fmp4StreamParser().push(bytes);
  const init = all.find((s) => s.type === 'init');
  if (!init || init.type !== 'init') throw new Error('no init');
  return { init, fragments: all.filter((s): s is Extract<Fmp4Segment, { type: 'fragment' }> => s.type === 'fragment') };
}

const nalTypes = (unit: Buffer): number[] => splitNalUnits(unit, 4).map((nal) => nal[0]! & 0x1f);

describe('fMP4 fragments → H.264 access units (real ffmpeg output)', () => {
  let baseline: Buffer;
  let bframes: Buffer;

  beforeAll(async () => {
    [baseline, bframes] = await Promise.all([
      generateFmp4({ seconds: 2, fps: 10, gop: 1 }),
      generateFmp4({ seconds: 2, fps: 10, gop: 1, audio: false, bframes: 2 }),
    ]);
  });

  it('reads SPS/PPS and the length size from the avcC', () => {
    const { init } = segments(baseline);
    const config = readAvcConfig(init.data);
    expect(config).not.toBeNull();
    expect(config!.profile).toBe(66);
    expect(config!.lengthSize).toBe(4);
    expect(config!.sps.map((n) => n[0]! & 0x1f)).toEqual([NAL_TYPES.SPS]);
    expect(config!.pps.map((n) => n[0]! & 0x1f)).toEqual([NAL_TYPES.PPS]);
  });

  it('cuts every video sample out of the mdat, one access unit per frame, SPS/PPS in front of each keyframe', () => {
    const { init, fragments } = segments(baseline);
    const config = readAvcConfig(init.data)!;
    const units = fragments.flatMap((f) => fragmentAccessUnits(f.data, init.info, config).units);
    // 2 s at 10 fps, audio interleaved in the same fragments and skipped
    expect(units).toHaveLength(20);
    const keyframes = units.filter((u) => u.keyframe);
    expect(keyframes).toHaveLength(2);
    for (const unit of keyframes) {
      expect(nalTypes(unit.data).slice(0, 2)).toEqual([NAL_TYPES.SPS, NAL_TYPES.PPS]);
      expect(nalTypes(unit.data)).toContain(NAL_TYPES.IDR);
    }
    for (const unit of units.filter((u) => !u.keyframe)) {
      expect(nalTypes(unit.data)).not.toContain(NAL_TYPES.IDR);
      expect(nalTypes(unit.data)).not.toContain(NAL_TYPES.AUD);
      expect(nalTypes(unit.data)).toContain(1);
    }
    // each frame starts where the one before ended, across fragments; after the first (ffmpeg pads it) 0.1 s apart
    for (let i = 1; i < units.length; i++) expect(units[i]!.time).toBeCloseTo(units[i - 1]!.time + units[i - 1]!.duration, 6);
    expect(units.slice(1).every((u) => Math.abs(u.duration - 0.1) < 1e-6)).toBe(true);
    // each length field covers exactly its NAL unit: the lengths add up to the buffer
    for (const unit of units) expect(splitNalUnits(unit.data, 4).reduce((n, nal) => n + 4 + nal.length, 0)).toBe(unit.data.length);
  });

  it('tells B-frames from their composition offsets; a baseline stream has none', () => {
    const plain = segments(baseline);
    const reordered = segments(bframes);
    const plainVideo = plain.init.info.video!.id;
    const bVideo = reordered.init.info.video!.id;
    expect(plain.fragments.some((f) => hasReorderedSamples(readSamples(f.data, plain.init.info.tracks, plainVideo)))).toBe(false);
    expect(reordered.fragments.some((f) => hasReorderedSamples(readSamples(f.data, reordered.init.info.tracks, bVideo)))).toBe(true);
  });
});
