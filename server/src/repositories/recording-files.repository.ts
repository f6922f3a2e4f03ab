import { trimChar } from '@homecam/shared';
import { createReadStream, type ReadStream } from 'node:fs';
import { lstat, mkdir, open, readFile, rm, statfs, truncate, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { Fmp4StreamParser } from '../media/index.js';

const CONTENT_TYPES: Record<string, string> = { '.mp4': 'video/mp4', '.jpg': 'image/jpeg' };

/** A folder name for a camera: readable, but never a path trick. */
export function cameraFolder(camera: string): string {
  return trimChar(camera.trim().replace(/[^A-Za-z0-9_-]+/g, '_'), '_') || 'camera';
}

export interface RecordingFileInfo {
  path: string;
  size: number;
  contentType: string;
}

/** What a clip on disk holds, read back after a crash. */
export interface ClipScan {
  /** Bytes up to the end of the last whole fragment (a torn tail is cut off). */
  validBytes: number;
  size: number;
  durationMs: number;
  fragments: number;
}

/**
 * Recording files: clips, pictures and thumbnails under `<root>/<camera>/<date>/`. New recordings go to the
 * current directory (config `recordings.path`, read on every use); every recording row remembers its own root, so
 * files are reached through `at(row root)` and a changed path never strands the older ones.
 */
export class RecordingFilesRepository {
  constructor(private readonly currentDir: () => string) {}

  /** The directory new recordings go to now, absolute. */
  get dir(): string {
    return resolve(this.currentDir());
  }

  /** The files under one root (the `root` of a recording row). */
  at(root: string): RecordingRoot {
    return new RecordingRoot(resolve(root));
  }

  stream(path: string, range?: { start: number; end: number }): ReadStream {
    return createReadStream(path, range);
  }

  /** Free bytes on the disk of the current recordings directory (its nearest existing parent). */
  async freeBytes(): Promise<number> {
    return (await this.space()).freeBytes;
  }

  /** Free (for this user) and total bytes of that disk. */
  async space(): Promise<{ freeBytes: number; totalBytes: number }> {
    let dir = this.dir;
    for (;;) {
      try {
        const stats = await statfs(dir);
        return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
      } catch (error) {
        const parent = dirname(dir);
        if (parent === dir) throw error;
        dir = parent;
      }
    }
  }

  /**
   * Whether deleting recordings under `root` frees space on the disk of the current directory (the one freeBytes
   * measures): false for another file system, and for a root that is gone (unmounted, emptied), where deleting
   * frees nothing. When the current directory cannot be examined: true, as before roots existed.
   */
  async onCurrentDisk(root: string): Promise<boolean> {
    const current = await nearestDevice(this.dir);
    if (current === null) return true;
    try {
      return (await lstat(resolve(root))).dev === current;
    } catch {
      return false;
    }
  }
}

/** End of the top-level MP4 box at `at` per its header, within `data` (the parser judges whether it is valid). */
function boxEnd(data: Buffer, at: number): number {
  if (data.length - at < 16) return data.length;
  const size = data.readUInt32BE(at);
  const length = size === 1 ? Number(data.readBigUInt64BE(at + 8)) : size;
  return length < 8 ? data.length : Math.min(data.length, at + length);
}

async function nearestDevice(path: string): Promise<number | null> {
  for (let dir = path; ; dir = dirname(dir)) {
    try {
      return (await lstat(dir)).dev;
    } catch {
      if (dirname(dir) === dir) return null;
    }
  }
}

/** One recordings root. Every path is resolved and must stay inside it (a relative path cannot escape). */
export class RecordingRoot {
  constructor(readonly dir: string) {}

  /** Absolute path of a relative one, or null when it would leave the directory. */
  resolve(relative: string): string | null {
    const path = resolve(join(this.dir, relative));
    return path.startsWith(this.dir + sep) ? path : null;
  }

  async openForWriting(relative: string): Promise<FileHandle> {
    const path = this.require(relative);
    await mkdir(dirname(path), { recursive: true });
    return open(path, 'w');
  }

  async write(relative: string, data: Buffer): Promise<void> {
    const path = this.require(relative);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data);
  }

  async size(relative: string): Promise<number> {
    const path = this.resolve(relative);
    if (!path) return 0;
    try {
      return (await lstat(path)).size;
    } catch {
      return 0;
    }
  }

  /** When the file was last written (ms), or null. */
  async modifiedAt(relative: string): Promise<number | null> {
    const path = this.resolve(relative);
    if (!path) return null;
    try {
      return (await lstat(path)).mtimeMs;
    } catch {
      return null;
    }
  }

  async info(relative: string): Promise<RecordingFileInfo | null> {
    const path = this.resolve(relative);
    if (!path) return null;
    try {
      const stat = await lstat(path);
      if (!stat.isFile()) return null;
      return { path, size: stat.size, contentType: CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream' };
    } catch {
      return null;
    }
  }

  async remove(relative: string | null): Promise<void> {
    if (!relative) return;
    const path = this.resolve(relative);
    if (path) await rm(path, { force: true });
  }

  /**
   * Reads a clip left behind (crash, kill): fragments with their timestamps give the duration; a torn last box
   * is cut off so the file ends on a whole fragment and plays.
   */
  async scanClip(relative: string, repair: boolean): Promise<ClipScan | null> {
    const path = this.resolve(relative);
    if (!path) return null;
    let data: Buffer;
    try {
      data = await readFile(path);
    } catch {
      return null;
    }
    const parser = new Fmp4StreamParser();
    let validBytes = 0;
    let first: number | null = null;
    let end = 0;
    let fragments = 0;
    try {
      // One top-level box per push: when garbage after the good part throws, every whole fragment before it
      // has already been counted (a single push of everything would lose them all).
      for (let at = 0, next = 0; at < data.length; at = next) {
        next = boxEnd(data, at);
        for (const segment of parser.push(data.subarray(at, next))) {
          validBytes += segment.data.length;
          if (segment.type === 'fragment') {
            fragments += 1;
            first ??= segment.info.timestamp;
            end = Math.max(end, segment.info.timestamp + segment.info.duration);
          }
        }
      }
    } catch {
      // garbage after the good part: keep what parsed
    }
    // Nothing recognisable at all: leave the file as it is rather than cut it to nothing.
    if (repair && validBytes > 0 && validBytes < data.length) await truncate(path, validBytes);
    return { validBytes, size: repair ? validBytes : data.length, durationMs: first === null ? 0 : Math.round((end - first) * 1000), fragments };
  }

  private require(relative: string): string {
    const path = this.resolve(relative);
    if (!path) throw new Error(`recording path outside the recordings directory: ${relative}`);
    return path;
  }
}
