import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInit } from '../lib/fmp4/init.js';
import { hasPicture, nalCodecOf } from '../lib/fmp4/nal-units.js';
import { readSamples } from '../lib/fmp4/samples.js';
import { Fmp4StreamParser } from '../lib/fmp4/stream-parser.js';
import { decodeErrors, fmp4WithTrailingDelimiter } from '../lib/fmp4/test-support/seam-fixture.js';
import { StreamIngest } from './stream-ingest.js';
import type { InitSegment, MediaFragment } from './types.js';

/**
 * The seam of an upstream restart: the camera stopped after the delimiter of its next frame, ffmpeg wrote that
 * delimiter as a sample of its own. What the ingest delivers (to clips, 24/7 segments, live viewers alike) holds
 * every picture and decodes clean.
 */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'homecam-seam-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Feeds one upstream run through a StreamIngest in odd-sized chunks; returns the init and what it delivered. */
function ingest(bytes: Buffer): { init: InitSegment; fragments: MediaFragment[] } {
  const stream = new StreamIngest();
  stream.newRun();
  let init: InitSegment | null = null;
  const fragments: MediaFragment[] = [];
  for (let offset = 0; offset < bytes.length; offset += 777) {
    for (const segment of stream.push(bytes.subarray(offset, offset + 777))) {
      if (segment.type === 'init') init = { type: 'init', data: segment.data, codecs: segment.info.codecs, mimeType: segment.info.mimeType, info: segment.info };
      else if (init) {
        const fragment = stream.fragment(segment.data, segment.info, init);
        if (fragment) fragments.push(fragment);
      }
    }
  }
  if (!init) throw new Error('no init segment');
  return { init, fragments };
}

describe.each(['h264', 'hevc'] as const)('the ingest at a restart seam (%s, written by ffmpeg)', (video) => {
  let raw: Buffer;
  beforeAll(async () => {
    raw = await fmp4WithTrailingDelimiter(video, 20);
  });

  it('delivers no picture-less sample: the file written from it decodes clean, every picture kept', async () => {
    // The fixture has the flaw, as a recording without the filter would hold it: its last video sample has no
    // picture; ffmpeg's H.264 decoder says so (the recorder-restart failure), its H.265 decoder passes over it.
    const info = parseInit(raw);
    const track = info.video!;
    const codec = nalCodecOf(track.sampleEntry)!;
    const rawLast = new Fmp4StreamParser().push(raw).filter((s) => s.type === 'fragment').at(-1)!;
    expect(readSamples(rawLast.data, info.tracks, track.id).map((s) => hasPicture(s.data, track.nalLengthSize!, codec)).at(-1)).toBe(false);
    if (video === 'h264') {
      const rawFile = join(dir, `raw-${video}.mp4`);
      await writeFile(rawFile, raw);
      expect((await decodeErrors(rawFile)).errors).toMatch(/missing picture in access unit with size 6/);
    }

    const { init, fragments } = ingest(raw);
    const samples = fragments.flatMap((f) => readSamples(f.data, init.info.tracks, track.id));
    expect(samples).toHaveLength(20);
    expect(samples.every((s) => hasPicture(s.data, track.nalLengthSize!, codec))).toBe(true);

    const file = join(dir, `clip-${video}.mp4`);
    await writeFile(file, Buffer.concat([init.data, ...fragments.map((f) => f.data)]));
    expect(await decodeErrors(file)).toEqual({ errors: '', frames: 20 });
  });
});
