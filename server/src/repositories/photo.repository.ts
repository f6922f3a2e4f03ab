import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';

/** Profile photos under `<data>/photos`, each under a fresh random name (so caches never show an old one). */
export class PhotoRepository {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'photos');
  }

  /** Stores the bytes and returns the new file name, e.g. `3f9c…a1.png`. */
  async save(bytes: Uint8Array, extension: string): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    await writeFileAtomic(join(this.dir, name), bytes, 0o644);
    return name;
  }

  /** Removes a stored photo; a missing file is fine (the goal is that it is gone). */
  async remove(name: string): Promise<void> {
    if (!isPlainFileName(name)) return;
    await rm(join(this.dir, name), { force: true });
  }
}

/** One path segment made of safe characters: no separators, no `..`, no hidden files. */
export function isPlainFileName(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(name) && !name.includes('..');
}
