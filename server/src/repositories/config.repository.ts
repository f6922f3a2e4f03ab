import { watch } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';

export const CONFIG_FILE = 'config.json';

export interface ConfigFileStat {
  size: number;
  modifiedAt: Date;
  createdAt: Date;
}

/** `<data>/config.json` on disk. Knows nothing about its shape; the ConfigService validates. */
export class ConfigRepository {
  readonly path: string;

  constructor(dataDir: string) {
    this.path = join(dataDir, CONFIG_FILE);
  }

  /** The raw file text, or undefined when there is no file yet. */
  async readRaw(): Promise<string | undefined> {
    try {
      return await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** Atomic: a crash or a concurrent reader never sees a half-written config. Mode 0600: it holds secrets. */
  async write(content: unknown): Promise<void> {
    await this.writeText(`${JSON.stringify(content, null, 2)}\n`);
  }

  /** Same, for text the caller already serialised (and checked). */
  async writeText(text: string): Promise<void> {
    await writeFileAtomic(this.path, text);
  }

  /**
   * Calls `onChange` when config.json may have changed. Watches the directory, not the file: atomic writes
   * (ours and most editors') replace the file, and a watch on the old inode would go deaf. Returns the stop.
   */
  watch(onChange: () => void, onError: (error: Error) => void): () => void {
    const name = basename(this.path);
    const watcher = watch(dirname(this.path), { persistent: false }, (_event, filename) => {
      if (filename === null || filename === name) onChange();
    });
    watcher.on('error', onError);
    return () => watcher.close();
  }

  async stat(): Promise<ConfigFileStat> {
    const info = await stat(this.path);
    return { size: info.size, modifiedAt: info.mtime, createdAt: info.birthtime };
  }
}
