import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRuns, writeRuns } from './fragment-rewrite.js';
import { parseFragment } from './fragment.js';
import { type InitInfo } from './init.js';
import { hasPicture, isParameterSet, nalCodecOf, nalType } from './nal-units.js';
import { PictureFilter } from './picture-filter.js';
import { readSamples, type Sample } from './samples.js';
import { Fmp4StreamParser } from './stream-parser.js';
import { generateFmp4 } from './test-support/fmp4-fixture.js';
import { decodeErrors } from './test-support/seam-fixture.js';
import { SAMPLE_IS_NON_SYNC } from './tfhd.js';

/** Units as an MP4 sample holds them: each behind a 4-byte length (ffmpeg's avcC/hvcC say 4). */
const units = (...list: number[][]): Buffer => Buffer.concat(list.map((u) => Buffer.concat([Buffer.from([0, 0, 0, u.length]), Buffer.from(u)])));
const CODECS = {
  h264: { aud: [0x09, 0xf0], sei: [0x06, 0x05, 0x01, 0x80] },
  hevc: { aud: [0x46, 0x01, 0x50], sei: [0x4e, 0x01, 0x05, 0x80] },
};

/** The stream's real parameter sets, from the avcC (SPS, PPS) or hvcC (VPS, SPS, PPS arrays) of its init segment. */
function parameterSets(init: Buffer): number[][] {
  const sets: number[][] = [];
  const take = (p: number): number => {
    const length = init.readUInt16BE(p);
    sets.push([...init.subarray(p + 2, p + 2 + length)]);
    return p + 2 + length;
  };
  const avcC = init.indexOf('avcC');
  if (avcC >= 0) {
    let p = avcC + 4 + 5; // after version, profile, compatibility, level, length size
    for (let i = 0, count = init[p++]! & 0x1f; i < count; i++) p = take(p);
    for (let i = 0, count = init[p++]!; i < count; i++) p = take(p);
    return sets;
  }
  const hvcC = init.indexOf('hvcC');
  let p = hvcC + 4 + 23;
  for (let arrays = init[hvcC + 4 + 22]!, a = 0; a < arrays; a++) {
    const count = init.readUInt16BE(p + 1);
    p += 3;
    for (let i = 0; i < count; i++) p = take(p);
  }
  return sets.filter((unit) => isParameterSet('h265', nalType('h265', unit[0]!))); // x265 also keeps an SEI there
}

interface Stream {
  init: Buffer;
  info: InitInfo;
  fragments: Buffer[];
}

function split(bytes: Buffer): Stream {
  const segments = new Fmp4StreamParser().push(bytes);
  const init = segments.find((s) => s.type === 'init')!;
  return { init: init.data, info: init.info, fragments: segments.filter((s) => s.type === 'fragment').map((s) => s.data) };
}

const videoOf = (stream: Stream, fragment: Buffer): Sample[] => readSamples(fragment, stream.info.tracks, stream.info.video!.id);
const audioOf = (stream: Stream, fragment: Buffer): Sample[] => (stream.info.audio ? readSamples(fragment, stream.info.tracks, stream.info.audio.id) : []);
const timing = (s: Sample) => ({ decodeTime: s.decodeTime, duration: s.duration, flags: s.flags, compositionOffset: s.compositionOffset, data: s.data });

/** A fragment with `sample` added to its video run: after the last picture (which gives up that much time) or before the first. */
function withSample(stream: Stream, fragment: Buffer, data: Buffer, at: 'end' | 'start'): Buffer {
  const runs = readRuns(fragment, stream.info.tracks)!;
  const run = runs.runs.find((r) => r.trackId === stream.info.video!.id)!;
  const edge = at === 'end' ? run.samples.at(-1)! : run.samples[0]!;
  const duration = Math.floor(edge.duration / 2);
  const extra: Sample = { decodeTime: 0, duration, compositionOffset: 0, sync: false, flags: SAMPLE_IS_NON_SYNC, data };
  if (at === 'end') {
    run.samples[run.samples.length - 1] = { ...edge, duration: edge.duration - duration };
    run.samples.push({ ...extra, decodeTime: edge.decodeTime + edge.duration - duration });
  } else run.samples.unshift({ ...extra, decodeTime: edge.decodeTime - duration });
  return writeRuns(runs)!;
}

function filterAll(filter: PictureFilter, stream: Stream, fragments: Buffer[]): Buffer[] {
  return fragments.flatMap((f) => filter.apply(f, parseFragment(f, stream.info.tracks), stream.info.tracks)?.data ?? []);
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'homecam-pictures-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.each(['h264', 'hevc'] as const)('PictureFilter (%s, real ffmpeg fragments)', (video) => {
  let stream: Stream;
  let nal: (typeof CODECS)[typeof video] & { sets: number[][] };
  beforeAll(async () => {
    stream = split(await generateFmp4({ seconds: 2, fps: 10, gop: 1, video, audio: video === 'h264', fragmentDurationUs: 300_000 }));
    nal = { ...CODECS[video], sets: parameterSets(stream.init) };
    expect(nal.sets).toHaveLength(video === 'h264' ? 2 : 3);
  });
  const picture = (sample: Sample) => hasPicture(sample.data, stream.info.video!.nalLengthSize!, nalCodecOf(stream.info.video!.sampleEntry)!);

  it('passes a fragment whose samples all hold pictures on as the very same buffer', () => {
    const filter = new PictureFilter();
    for (const fragment of stream.fragments) {
      const info = parseFragment(fragment, stream.info.tracks);
      expect(filter.apply(fragment, info, stream.info.tracks)).toEqual({ data: fragment, info });
      expect(filter.apply(fragment, info, stream.info.tracks)?.data).toBe(fragment);
    }
  });

  it('drops a delimiter-only sample after the last picture and gives its time back to that picture', () => {
    const original = stream.fragments[1]!;
    const seamed = withSample(stream, original, units(nal.aud), 'end');
    expect(videoOf(stream, seamed).map(picture).at(-1)).toBe(false);
    const [out] = filterAll(new PictureFilter(), stream, [seamed]);
    expect(videoOf(stream, out!).map(timing)).toEqual(videoOf(stream, original).map(timing));
    expect(audioOf(stream, out!).map(timing)).toEqual(audioOf(stream, original).map(timing));
    const { keyframe, timestamp, duration } = parseFragment(original, stream.info.tracks);
    expect(parseFragment(out!, stream.info.tracks)).toMatchObject({ keyframe, timestamp, duration });
  });

  it('drops a picture-less first sample: the fragment starts at its first picture, which keeps its own time', () => {
    const original = stream.fragments[2]!;
    const [out] = filterAll(new PictureFilter(), stream, [withSample(stream, original, units(nal.aud, nal.sei), 'start')]);
    expect(videoOf(stream, out!).map(timing)).toEqual(videoOf(stream, original).map(timing));
    expect(parseFragment(out!, stream.info.tracks).timestamp).toBe(parseFragment(original, stream.info.tracks).timestamp);
  });

  it('puts the parameter sets of a dropped sample in front of the next picture, in the next fragment if need be', () => {
    const [before, next, after] = stream.fragments.slice(3, 6) as [Buffer, Buffer, Buffer];
    const filter = new PictureFilter();
    const out = filterAll(filter, stream, [withSample(stream, before, units(nal.aud, ...nal.sets), 'end'), next, after]);
    expect(out).toHaveLength(3);
    const first = videoOf(stream, out[1]!)[0]!;
    expect(first.data).toEqual(Buffer.concat([units(...nal.sets), videoOf(stream, next)[0]!.data]));
    expect(first).toMatchObject({ decodeTime: videoOf(stream, next)[0]!.decodeTime, sync: videoOf(stream, next)[0]!.sync });
    expect(out[2]).toBe(after); // carried once, then the stream passes untouched again
  });

  it('forgets carried parameter sets at a new upstream run (its init segment brings its own)', () => {
    const filter = new PictureFilter();
    filterAll(filter, stream, [withSample(stream, stream.fragments[3]!, units(nal.aud, ...nal.sets), 'end')]);
    filter.newRun();
    expect(filterAll(filter, stream, [stream.fragments[4]!])[0]).toBe(stream.fragments[4]);
  });

  it('leaves nothing of a fragment that held only a picture-less sample; keeps the audio of one that had audio too', () => {
    const runs = readRuns(withSample(stream, stream.fragments[1]!, units(nal.aud), 'end'), stream.info.tracks)!;
    const videoRun = runs.runs.find((r) => r.trackId === stream.info.video!.id)!;
    videoRun.samples = videoRun.samples.slice(-1); // the seam: ffmpeg's last fragment of a run, the delimiter alone
    const lone = writeRuns(runs)!;
    const [out] = filterAll(new PictureFilter(), stream, [lone]);
    if (!stream.info.audio) expect(out).toBeUndefined();
    else {
      expect(videoOf(stream, out!)).toEqual([]);
      expect(audioOf(stream, out!).map(timing)).toEqual(audioOf(stream, lone).map(timing));
      expect(parseFragment(out!, stream.info.tracks).keyframe).toBe(false);
    }
  });

  it('a stream with picture-less samples at every kind of place decodes clean once filtered, every picture kept', async () => {
    const seamed = stream.fragments.map((f, i) => {
      if (i % 3 === 1) return withSample(stream, f, units(nal.aud, ...nal.sets), 'end');
      return i % 3 === 2 ? withSample(stream, f, units(nal.aud), 'end') : f;
    });
    const out = filterAll(new PictureFilter(), stream, seamed);
    expect(out.flatMap((f) => videoOf(stream, f)).every(picture)).toBe(true);
    const file = join(dir, `filtered-${video}.mp4`);
    await writeFile(file, Buffer.concat([stream.init, ...out]));
    expect(await decodeErrors(file)).toEqual({ errors: '', frames: 20 });
  });
});
