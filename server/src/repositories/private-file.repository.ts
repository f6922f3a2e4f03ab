import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';

/**
 * One small file of the server's own in the data directory, readable by the server's user only (0600), written
 * atomically: an alert channel's secret (the webhook's signing key in `<data>/webhook-secret`). Its name comes
 * from the code, never from a request.
 */
export class PrivateFileRepository {
  private readonly path: string;

  constructor(dataDir: string, name: string) {
    if (!/^[a-z][a-z0-9-]{0,63}$/.test(name)) throw new Error(`bad private file name '${name}'`);
    this.path = join(dataDir, name);
  }

  /** The text, or undefined when the file does not exist yet. */
  async read(): Promise<string | undefined> {
    try {
      return await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  write(text: string): Promise<void> {
    return writeFileAtomic(this.path, text, 0o600);
  }
}
