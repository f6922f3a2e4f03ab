import { constants } from 'node:fs';
import { access, mkdir, readdir, realpath, statfs, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** File-system questions of the settings: free/total space and whether a directory can be used. */
export class DiskRepository {
  /** Free and total bytes of the file system holding `dir` (its nearest existing parent); null when unknown. */
  async space(dir: string): Promise<{ freeBytes: number; totalBytes: number } | null> {
    for (let current = dir; ; current = dirname(current)) {
      try {
        const stats = await statfs(current);
        return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
      } catch {
        if (dirname(current) === current) return null;
      }
    }
  }

  /** Creates the directory when missing; true when this process can write to it. */
  async ensureWritableDir(path: string): Promise<boolean> {
    try {
      await mkdir(path, { recursive: true });
      await access(path, constants.W_OK);
      return true;
    } catch {
      return false;
    }
  }

  /** The path with symlinks resolved: its nearest existing parent through realpath, the missing rest appended. */
  async resolve(path: string): Promise<string> {
    const missing: string[] = [];
    for (let current = path; ; current = dirname(current)) {
      try {
        return join(await realpath(current), ...missing.reverse());
      } catch {
        if (dirname(current) === current) return path;
        missing.push(basename(current));
      }
    }
  }

  /** The names in a directory, or null when it does not exist (a file there throws: not usable as a directory). */
  async entries(dir: string): Promise<string[] | null> {
    try {
      return await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async writeFile(path: string, content: string): Promise<void> {
    await writeFile(path, content);
  }
}
