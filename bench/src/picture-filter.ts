/**
 * Cost of keeping picture-less video samples out of the stream (server/src/lib/fmp4/picture-filter.ts), which the
 * hub runs on every fragment of every camera: the usual fragment (every sample a picture, passed on as it came)
 * against parsing the fragment, which the hub does anyway, and the rare rewrite of a fragment that holds a
 * delimiter-only sample (the seam of a camera restart).
 *
 *   npm run bench:picture-filter
 *
 * Prints a table and writes bench/results/picture-filter-<date>.json and picture-filter-latest.json.
 */
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { readRuns, writeRuns } from '../../server/src/lib/fmp4/fragment-rewrite.js';
import { parseFragment } from '../../server/src/lib/fmp4/fragment.js';
import type { TrackInfo } from '../../server/src/lib/fmp4/init.js';
import { PictureFilter } from '../../server/src/lib/fmp4/picture-filter.js';
import { readSamples } from '../../server/src/lib/fmp4/samples.js';
import { Fmp4StreamParser } from '../../server/src/lib/fmp4/stream-parser.js';
import { generateFmp4 } from '../../server/src/lib/fmp4/test-support/fmp4-fixture.js';
import { SAMPLE_IS_NON_SYNC } from '../../server/src/lib/fmp4/tfhd.js';
import { publishResults, type Row } from './report.js';

const RUNS = 7;
const PASSES = 40;
const LONE_AUD = Buffer.from([0, 0, 0, 2, 0x09, 0xf0]);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** µs per fragment of `work` over all fragments, median of RUNS runs of PASSES passes each. */
function perFragment(fragments: readonly Buffer[], work: (fragment: Buffer) => unknown): number {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    for (let pass = 0; pass < PASSES; pass++) for (const fragment of fragments) work(fragment);
    times.push(((performance.now() - start) * 1_000) / (PASSES * fragments.length));
  }
  return median(times);
}

/** The fragment with a delimiter-only sample after its last picture (the picture gives up the time). */
function withLoneDelimiter(fragment: Buffer, tracks: readonly TrackInfo[], videoId: number): Buffer {
  const runs = readRuns(fragment, tracks)!;
  const run = runs.runs.find((r) => r.trackId === videoId)!;
  const last = run.samples.at(-1)!;
  const duration = Math.floor(last.duration / 2);
  run.samples[run.samples.length - 1] = { ...last, duration: last.duration - duration };
  run.samples.push({ decodeTime: last.decodeTime + last.duration - duration, duration, compositionOffset: 0, sync: false, flags: SAMPLE_IS_NON_SYNC, data: LONE_AUD });
  return writeRuns(runs)!;
}

async function main(): Promise<void> {
  const started = Date.now();
  // As the hub's upstream writes it for a 720p25 camera: 100 ms fragments, keyframe every 2 s, AAC audio.
  const stream = await generateFmp4({ seconds: 6, fps: 25, gop: 2, size: '1280x720', fragmentDurationUs: 100_000 });
  const segments = new Fmp4StreamParser().push(stream);
  const init = segments.find((s) => s.type === 'init')!.info;
  const tracks = init.tracks;
  const videoId = init.video!.id;
  const fragments = segments.filter((s) => s.type === 'fragment').map((s) => s.data);
  const frames = fragments.reduce((sum, f) => sum + readSamples(f, tracks, videoId).length, 0);
  const seamed = fragments.map((f) => withLoneDelimiter(f, tracks, videoId));

  const parse = perFragment(fragments, (f) => parseFragment(f, tracks));
  const filter = new PictureFilter();
  const pass = perFragment(fragments, (f) => filter.apply(f, parseFragment(f, tracks), tracks));
  const rewrite = perFragment(seamed, (f) => filter.apply(f, parseFragment(f, tracks), tracks));
  const framesPerFragment = frames / fragments.length;
  const added = pass - parse;
  const rows: Row[] = [
    { metric: 'parseFragment (the hub does it anyway)', measured: `${parse.toFixed(2)} µs/fragment`, target: '–', pass: null },
    { metric: 'parse + filter, every sample a picture', measured: `${pass.toFixed(2)} µs/fragment`, target: '–', pass: null },
    {
      metric: 'filter cost added per frame (usual fragment)',
      measured: `${(added / framesPerFragment).toFixed(2)} µs/frame`,
      target: '< 10 µs/frame',
      pass: added / framesPerFragment < 10,
    },
    { metric: 'parse + filter + rewrite (delimiter-only sample)', measured: `${rewrite.toFixed(2)} µs/fragment`, target: '–', pass: null },
  ];
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length },
    durationSeconds: Math.round((Date.now() - started) / 1_000),
    stream: { size: '1280x720', fps: 25, fragmentMs: 100, fragments: fragments.length, frames, bytes: stream.length },
    runs: RUNS,
    passes: PASSES,
    medianMicroseconds: { parse, parseAndFilter: pass, parseFilterRewrite: rewrite, addedPerFrame: added / framesPerFragment },
  };
  const notes = [
    `Median of ${RUNS} runs of ${PASSES} passes over ${fragments.length} fragments (${framesPerFragment.toFixed(1)} frames each) of a 720p25 H.264 + AAC stream.`,
    'A rewrite happens only for a fragment with a picture-less sample (the seam of a camera restart), not per frame.',
  ];
  publishResults('picture-filter', 'Picture-less sample filter', result, rows, notes, resolve(import.meta.dirname, '..', '..'));
}

await main();
