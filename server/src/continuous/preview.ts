import { execFile } from 'node:child_process';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import type { RecordingRoot } from '../repositories/recording-files.repository.js';
import { cameraFolder } from '../repositories/recording-files.repository.js';

const run = promisify(execFile);
/** Previews are cached on this grid: one per camera-minute at most, and only the ones someone asked for. */
export const PREVIEW_GRID_MS = 60_000;
const WIDTH = 320;
/** One-shot decoders at a time; more requests wait (a fast scrub must not fork dozens of ffmpegs). */
const CONCURRENCY = 2;

export function previewCell(at: number): number {
  return Math.floor(at / PREVIEW_GRID_MS) * PREVIEW_GRID_MS;
}

/** Where a camera-minute's preview lives, relative to a root. */
export function previewPath(camera: string, cell: number): string {
  return `previews.d/${cameraFolder(camera)}/${new Date(cell).toISOString().slice(0, 10)}/${cell}.jpg`;
}

/**
 * Preview thumbnails for scrubbing, made lazily: the first keyframe of the segment holding a camera-minute is
 * decoded by a one-shot `ffmpeg -skip_frame nokey` (no decoder runs for footage nobody looks at), scaled to 320 px
 * and cached on disk; the next request for that minute reads the file.
 */
export class Previews {
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly ffmpeg: () => string) {}

  get(root: RecordingRoot, camera: string, cell: number, segmentPath: string): Promise<Buffer> {
    const relative = previewPath(camera, cell);
    const key = `${root.dir}\n${relative}`;
    let job = this.inFlight.get(key);
    if (!job) {
      job = this.make(root, relative, segmentPath).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, job);
    }
    return job;
  }

  private async make(root: RecordingRoot, relative: string, segmentPath: string): Promise<Buffer> {
    const target = root.resolve(relative);
    if (!target) throw new Error('preview path outside the recordings directory');
    const cached = await readFile(target).catch(() => null);
    if (cached) return cached;
    await this.slot();
    try {
      await mkdir(dirname(target), { recursive: true });
      const partial = `${target}.part`;
      await run(this.ffmpeg(), [
        '-hide_banner', '-loglevel', 'error', '-nostdin', '-skip_frame', 'nokey', '-i', segmentPath,
        '-frames:v', '1', '-vf', `scale=${WIDTH}:-2`, '-q:v', '5', '-f', 'image2', '-y', partial,
      ], { timeout: 15_000 });
      await rename(partial, target);
      return await readFile(target);
    } catch (error) {
      await rm(`${target}.part`, { force: true });
      throw error;
    } finally {
      this.release();
    }
  }

  private slot(): Promise<void> {
    if (this.running < CONCURRENCY) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running -= 1;
  }
}
