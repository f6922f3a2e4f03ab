import { constants } from 'node:fs';
import { access, mkdir, statfs } from 'node:fs/promises';
import { dirname } from 'node:path';

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
}
