import { createReadStream, type ReadStream } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { isPlainFileName } from './photo.repository.js';

/** A directory whose files `/files/:name` may serve. Later issues add recordings and snapshots. */
export interface FileSource {
  dir: string;
  /** Which names belong to this source (e.g. by extension); the first source that claims a name wins. */
  claims(name: string): boolean;
}

export interface OpenedFile {
  stream: ReadStream;
  size: number;
  contentType: string;
}

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
};

/**
 * Maps a public file name to a file inside one of the registered directories. Names are single safe path
 * segments and the resolved path must stay inside its directory, so `../` tricks find nothing.
 */
export class FileRepository {
  private readonly sources: FileSource[] = [];

  register(source: FileSource): void {
    this.sources.push(source);
  }

  async open(name: string): Promise<OpenedFile | undefined> {
    if (!isPlainFileName(name)) return undefined;
    for (const source of this.sources) {
      if (!source.claims(name)) continue;
      const root = resolve(source.dir);
      const path = resolve(join(root, name));
      if (!path.startsWith(root + sep)) return undefined;
      try {
        // lstat: a symlink planted in the directory must not lead outside it.
        const info = await lstat(path);
        if (!info.isFile()) continue;
        const contentType = CONTENT_TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream';
        return { stream: createReadStream(path), size: info.size, contentType };
      } catch {
        continue;
      }
    }
    return undefined;
  }
}
