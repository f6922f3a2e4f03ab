import { beforeAll, describe, expect, it } from 'vitest';
import { generateFmp4 } from './test-support/fmp4-fixture.js';
import { Mp4ParseError } from './boxes.js';
import { parseFragment, writeBaseDecodeTime } from './fragment.js';
import { Fmp4StreamParser, type Fmp4Segment } from './stream-parser.js';
import { TimelineRebaser } from './timeline.js';

function parseAll(bytes: Buffer, chunkSizes: (i: number) => number): Fmp4Segment[] {
  const parser = new Fmp4StreamParser();
  const out: Fmp4Segment[] = [];
  let offset = 0;
  for (let i = 0; offset < bytes.length; i++) {
    const size = Math.max(1, chunkSizes(i));
    out.push(...parser.push(bytes.subarray(offset, offset + size)));
    offset += size;
  }
  return out;
}

const fragments = (segments: Fmp4Segment[]) => segments.filter((s) => s.type === 'fragment');

describe('fMP4 stream parser (real ffmpeg output)', () => {
  let h264: Buffer;
  let hevc: Buffer;
  let videoOnly: Buffer;

  beforeAll(async () => {
    [h264, hevc, videoOnly] = await Promise.all([
      generateFmp4({ seconds: 3, fps: 10, gop: 1 }),
      generateFmp4({ seconds: 1, fps: 10, gop: 1, video: 'hevc', audio: false }),
      generateFmp4({ seconds: 2, fps: 10, gop: 1, audio: false, fragmentDurationUs: 1_000_000 }),
    ]);
  });

  it('splits the stream into one init segment and moof+mdat fragments', () => {
    const segments = parseAll(h264, () => h264.length);
    expect(segments[0]?.type).toBe('init');
    expect(segments.filter((s) => s.type === 'init')).toHaveLength(1);
    const frags = fragments(segments);
    expect(frags.length).toBeGreaterThanOrEqual(10);
    for (const f of frags) {
      expect(f.data.toString('latin1', 4, 8)).toBe('moof');
    }
    // every byte except ftyp/moov/fragments (the closing mfra) is accounted for
    const total = segments.reduce((n, s) => n + s.data.length, 0);
    expect(h264.length - total).toBeLessThan(2_000);
  });

  it('reads MSE codec strings, timescales and tracks from the init segment', () => {
    const [init] = parseAll(h264, () => 4096);
    if (init?.type !== 'init') throw new Error('no init');
    expect(init.info.codecs).toMatch(/^avc1\.42C0[0-9A-F]{2}, mp4a\.40\.2$/);
    expect(init.info.mimeType).toBe(`video/mp4; codecs="${init.info.codecs}"`);
    expect(init.info.video).toMatchObject({ kind: 'video', width: 160, height: 120, sampleEntry: 'avc1' });
    expect(init.info.audio).toMatchObject({ kind: 'audio', codec: 'mp4a.40.2', sampleRate: 48_000, channels: 1, timescale: 48_000 });
    expect(init.info.video?.timescale).toBeGreaterThan(0);
  });

  it('reads an hvc1 codec string', () => {
    const [init] = parseAll(hevc, () => hevc.length);
    if (init?.type !== 'init') throw new Error('no init');
    expect(init.info.codecs).toMatch(/^hvc1\.1\.6\.L\d+(\.[0-9A-F]{1,2})*$/);
    expect(init.info.audio).toBeUndefined();
  });

  it('marks fragments that start with a keyframe and gives contiguous timestamps', () => {
    const frags = fragments(parseAll(h264, () => h264.length));
    const keyframes = frags.filter((f) => f.info.keyframe);
    // ffmpeg stretches the first video sample by the AAC priming delay (~21 ms), so GOPs start at 0, 1.02, 2.02
    const starts = keyframes.map((f) => f.info.timestamp);
    expect(starts).toHaveLength(3);
    expect(starts[0]).toBe(0);
    expect(starts[2]! - starts[1]!).toBeCloseTo(1, 3);
    expect(frags[0]?.info.keyframe).toBe(true);
    for (let i = 1; i < frags.length; i++) {
      const prev = frags[i - 1]!.info;
      expect(frags[i]!.info.timestamp).toBeCloseTo(prev.timestamp + prev.duration, 3);
      expect(frags[i]!.info.sequence).toBe(prev.sequence + 1);
    }
    const last = frags.at(-1)!.info;
    expect(last.timestamp + last.duration).toBeCloseTo(3, 1);
    // short fragments: 200 ms at 10 fps = 2 frames
    expect(frags[1]!.info.duration).toBeCloseTo(0.2, 2);
  });

  it('gives identical segments however the bytes are split', () => {
    const whole = parseAll(h264, () => h264.length);
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 3000;
    for (const split of [() => 1, () => 7, random]) {
      const pieces = parseAll(h264, split);
      expect(pieces.map((s) => s.type)).toEqual(whole.map((s) => s.type));
      pieces.forEach((s, i) => expect(s.data.equals(whole[i]!.data)).toBe(true));
    }
  });

  it('gives the same fragment wherever one cut, or two around the mdat header, split it', () => {
    const segments = parseAll(h264, () => h264.length);
    const [init, fragment] = segments;
    if (init?.type !== 'init' || fragment?.type !== 'fragment') throw new Error('unexpected');
    const bytes = fragment.data;
    const mdatAt = bytes.readUInt32BE(0); // ffmpeg's fragment: moof, then its mdat
    const cuts: number[][] = [];
    for (let a = 1; a < bytes.length; a++) cuts.push([a]);
    for (let a = mdatAt - 9; a <= mdatAt + 9; a++) for (let b = a + 1; b <= mdatAt + 17; b++) cuts.push([a, b]);
    for (const cut of cuts) {
      const parser = new Fmp4StreamParser();
      parser.push(Buffer.from(init.data));
      const out: Fmp4Segment[] = [];
      let at = 0;
      for (const end of [...cut, bytes.length]) {
        out.push(...parser.push(Buffer.from(bytes.subarray(at, end))));
        at = end;
      }
      expect(out).toHaveLength(1);
      expect(out[0]!.data.equals(bytes)).toBe(true);
      expect(out[0]!.info).toEqual(fragment.info);
    }
  });

  it('hands out a fragment that arrived in one chunk as a slice of that chunk, not a copy', () => {
    const segments = parseAll(h264, () => h264.length);
    const parser = new Fmp4StreamParser();
    parser.push(Buffer.from(segments[0]!.data)); // the init segment
    for (const fragment of fragments(segments).slice(0, 3)) {
      const chunk = Buffer.from(fragment.data); // ffmpeg flushes each fragment: one chunk, moof + mdat
      const [out] = parser.push(chunk);
      expect(out?.type).toBe('fragment');
      expect(out!.data.buffer).toBe(chunk.buffer);
      expect(out!.data.equals(fragment.data)).toBe(true);
    }
  });

  it('handles video-only streams with one fragment per GOP', () => {
    const segments = parseAll(videoOnly, () => 1000);
    const frags = fragments(segments);
    expect(frags.map((f) => f.info.keyframe)).toEqual([true, true]);
    expect(frags.map((f) => f.info.duration)).toEqual([1, 1]);
  });

  it('rewrites tfdt in place', () => {
    const [init, frag] = parseAll(h264, () => h264.length);
    if (init?.type !== 'init' || frag?.type !== 'fragment') throw new Error('unexpected');
    const data = Buffer.from(frag.data);
    const traf = frag.info.trafs[0]!;
    expect(writeBaseDecodeTime(data, traf, 123_456_789)).toBe(true);
    expect(parseFragment(data, init.info.tracks).trafs[0]?.baseDecodeTime).toBe(123_456_789);
  });

  it('keeps the timeline continuous across upstream restarts, all tracks shifted alike', () => {
    const segments = parseAll(h264, () => h264.length);
    const init = segments[0];
    if (init?.type !== 'init') throw new Error('no init');
    const rebaser = new TimelineRebaser();
    const run = () =>
      fragments(segments).map((f) => {
        const data = Buffer.from(f.data); // each run owns its bytes
        const info = rebaser.apply(data, f.info, init.info.tracks);
        expect(parseFragment(data, init.info.tracks)).toEqual(info);
        return info;
      });
    const first = run();
    rebaser.newRun();
    const second = run();
    const end = first.at(-1)!.timestamp + first.at(-1)!.duration;
    expect(first[0]?.timestamp).toBe(0);
    expect(second[0]?.timestamp).toBeGreaterThanOrEqual(end - 0.001);
    expect(second[0]?.timestamp).toBeLessThan(end + 0.05);
    const audioShift = (i: number) => second[i]!.trafs[1]!.baseDecodeTime - first[i]!.trafs[1]!.baseDecodeTime;
    const videoShift = (i: number) => second[i]!.trafs[0]!.baseDecodeTime - first[i]!.trafs[0]!.baseDecodeTime;
    expect(audioShift(0) / init.info.audio!.timescale).toBeCloseTo(videoShift(0) / init.info.video!.timescale, 4);
  });

  // From the third run on the shift depends on a run that was itself shifted: the end of a run must be measured
  // on the output timeline, or a run starts back where the previous began (and the recorder skips that much).
  it('keeps the timeline monotonic across several restarts', () => {
    const segments = parseAll(h264, () => h264.length);
    const init = segments[0];
    if (init?.type !== 'init') throw new Error('no init');
    const rebaser = new TimelineRebaser();
    const out: { timestamp: number; duration: number }[] = [];
    for (let run = 0; run < 4; run++) {
      if (run > 0) rebaser.newRun();
      for (const f of fragments(segments)) {
        const data = Buffer.from(f.data); // each run owns its bytes and a fresh parse, as from ffmpeg
        out.push(rebaser.apply(data, parseFragment(data, init.info.tracks), init.info.tracks));
      }
    }
    for (let i = 1; i < out.length; i++) expect(out[i]!.timestamp).toBeGreaterThanOrEqual(out[i - 1]!.timestamp + out[i - 1]!.duration - 0.001);
    const perRun = fragments(segments).length;
    expect(out[3 * perRun]!.timestamp).toBeCloseTo(3 * out[perRun]!.timestamp, 2);
  });

  it('rejects garbage', () => {
    const parser = new Fmp4StreamParser();
    expect(() => parser.push(Buffer.from([0, 0, 0, 4, 0x6d, 0x6f, 0x6f, 0x66]))).toThrow(Mp4ParseError);
    expect(() => new Fmp4StreamParser(1024).push(Buffer.from([0, 1, 0, 0, 0x6d, 0x64, 0x61, 0x74]))).toThrow(/too large/);
  });
});
