import { createReadStream, type ReadStream } from 'node:fs';
import { lstat, mkdir, open, readFile, rm, statfs, truncate, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { Fmp4StreamParser } from '../media/fmp4/stream-parser.js';

const CONTENT_TYPES: Record<string, string> = { '.mp4': 'video/mp4', '.jpg': 'image/jpeg' };

/** A folder name for a camera: readable, but never a path trick. */
export function cameraFolder(camera: string): string {
  return camera.trim().replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'camera';
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
 * The recordings directory: clips, pictures and thumbnails under `<camera>/<date>/`, addressed by paths relative
 * to it. Every path is resolved and must stay inside the directory.
 */
export class RecordingFilesRepository {
  constructor(private readonly rootDir: () => string) {}

  get dir(): string {
    return resolve(this.rootDir());
  }

  /** Absolute path of a relative one, or null when it would leave the directory. */
  resolve(relative: string): string | null {
    const root = this.dir;
    const path = resolve(join(root, relative));
    return path.startsWith(root + sep) ? path : null;
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

  stream(path: string, range?: { start: number; end: number }): ReadStream {
    return createReadStream(path, range);
  }

  async remove(relative: string | null): Promise<void> {
    if (!relative) return;
    const path = this.resolve(relative);
    if (path) await rm(path, { force: true });
  }

  /** Free bytes on the disk of the recordings directory (its nearest existing parent). */
  async freeBytes(): Promise<number> {
    let dir = this.dir;
    for (;;) {
      try {
        const stats = await statfs(dir);
        return stats.bavail * stats.bsize;
      } catch (error) {
        const parent = dirname(dir);
        if (parent === dir) throw error;
        dir = parent;
      }
    }
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
      for (const segment of parser.push(data)) {
        validBytes += segment.data.length;
        if (segment.type === 'fragment') {
          fragments += 1;
          first ??= segment.info.timestamp;
          end = Math.max(end, segment.info.timestamp + segment.info.duration);
        }
      }
    } catch {
      // garbage after the good part: keep what parsed
    }
    if (repair && validBytes < data.length) await truncate(path, validBytes);
    return { validBytes, size: repair ? validBytes : data.length, durationMs: first === null ? 0 : Math.round((end - first) * 1000), fragments };
  }

  private require(relative: string): string {
    const path = this.resolve(relative);
    if (!path) throw new Error(`recording path outside the recordings directory: ${relative}`);
    return path;
  }
}
