import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExport, type ExportInput } from '../src/continuous/export-job.js';

const run = promisify(execFile);

/** Top-level MP4 boxes of a file: [type, bytes]. */
function boxes(data: Buffer): [string, Buffer][] {
  const list: [string, Buffer][] = [];
  for (let at = 0; at + 8 <= data.length; ) {
    const size = data.readUInt32BE(at);
    list.push([data.toString('latin1', at + 4, at + 8), data.subarray(at, at + size)]);
    at += size;
  }
  return list;
}

/**
 * Segment files as the continuous recorder writes them: one fragmented stream (a fragment per 2 s keyframe) cut into
 * files of init + two fragments each. Their media timestamps run on from file to file (the second starts at 4 s),
 * so libavformat reports each one's "duration" as its end time, not its length.
 */
async function recorderLikeSegments(dir: string): Promise<ExportInput[]> {
  const stream = join(dir, 'stream.mp4');
  await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-t', '12', '-c:v', 'libx264', '-g', '50', '-pix_fmt', 'yuv420p', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-y', stream]);
  const all = boxes(await readFile(stream));
  const init = Buffer.concat(all.filter(([type]) => type === 'ftyp' || type === 'moov').map(([, data]) => data));
  const fragments: Buffer[] = [];
  all.forEach(([type, data], i) => {
    if (type === 'moof') fragments.push(Buffer.concat([data, all[i + 1]?.[1] ?? Buffer.alloc(0)]));
  });
  expect(fragments).toHaveLength(6);
  const inputs: ExportInput[] = [];
  for (let file = 0; file < 3; file++) {
    const path = join(dir, `segment-${file}.mp4`);
    await writeFile(path, Buffer.concat([init, ...fragments.slice(file * 2, file * 2 + 2)]));
    inputs.push({ path, start: 100_000 + file * 4_000, end: 100_000 + (file + 1) * 4_000 });
  }
  return inputs;
}

async function duration(path: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]);
  return Number(stdout.trim());
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'homecam-export-job-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('export job', () => {
  it('makes an export as long as its range across segments whose timestamps run on from file to file', async () => {
    const inputs = await recorderLikeSegments(dir);
    expect(await duration(inputs[1]!.path)).toBeGreaterThan(7);
    const target = join(dir, 'export.mp4');
    const result = await runExport('ffmpeg', inputs, 101_000, 111_000, target, () => undefined);
    expect(result.durationMs).toBe(10_000);
    // Without the lengths in the concat list this export came out 13 s long.
    expect(Math.abs((await duration(target)) - 10)).toBeLessThanOrEqual(0.25);
  }, 30_000);
});
