import { spawn } from 'node:child_process';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';

/** One segment file of an export with the part of it the range wants. */
export interface ExportInput {
  path: string;
  start: number;
  end: number;
}

/**
 * `file '…'` of the concat demuxer (a quote inside the path is closed, escaped and reopened) and the file's length
 * from the index. A segment's media timestamps run on from the previous one (it is cut from one stream), so
 * libavformat reports its "duration" as its end time; the concat demuxer would place the next file that much later
 * and the export would come out longer or shorter than its range. `duration` tells it the real length.
 */
function concatLines(input: ExportInput): string {
  return `file '${input.path.replaceAll("'", "'\\''")}'\nduration ${(Math.max(0, input.end - input.start) / 1000).toFixed(3)}`;
}

/**
 * The concatenated footage of [from, to] as one MP4, `-c copy` only (ffmpeg's concat demuxer over the segment
 * files): input seeking to `from` starts at the keyframe before it and the MP4 gets an edit list, so the file
 * plays from `from` for the range's duration without re-encoding. Progress from `-progress` (0–1).
 */
export async function runExport(ffmpeg: string, inputs: readonly ExportInput[], from: number, to: number, target: string, onProgress: (share: number) => void): Promise<{ bytes: number; durationMs: number }> {
  const first = inputs[0];
  if (!first) throw new Error('no footage in the range');
  // Positions on the concatenated timeline: gaps between segments are not part of it.
  const offsetMs = Math.max(0, from - first.start);
  const durationMs = inputs.reduce((sum, input) => sum + Math.max(0, Math.min(to, input.end) - Math.max(from, input.start)), 0);
  await mkdir(dirname(target), { recursive: true });
  const list = `${target}.txt`;
  const partial = `${target}.part.mp4`;
  await writeFile(list, `ffconcat version 1.0\n${inputs.map(concatLines).join('\n')}\n`);
  try {
    const args = [
      '-hide_banner', '-loglevel', 'error', '-nostdin', '-nostats', '-progress', 'pipe:1',
      '-ss', (offsetMs / 1000).toFixed(3), '-f', 'concat', '-safe', '0', '-i', list,
      '-t', (durationMs / 1000).toFixed(3), '-map', '0', '-c', 'copy', '-movflags', '+faststart', '-y', partial,
    ];
    await new Promise<void>((resolve, reject) => {
      const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
      createInterface({ input: child.stdout }).on('line', (line) => {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match && durationMs > 0) onProgress(Math.min(1, Number(match[1]) / 1000 / durationMs));
      });
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`))));
    });
    await rename(partial, target);
    return { bytes: (await stat(target)).size, durationMs };
  } finally {
    await rm(list, { force: true });
    await rm(partial, { force: true });
  }
}
