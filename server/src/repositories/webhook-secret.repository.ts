import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';

/**
 * The per-install webhook signing secret: 32 random bytes (hex) in `<data>/webhook-secret`, readable by the
 * server's user only. Created on first use; rotating replaces it.
 */
export class WebhookSecretRepository {
  private cached: string | undefined;
  /** The first creation, shared: concurrent first deliveries must sign with one secret, not each with its own. */
  private creating: Promise<string> | null = null;

  constructor(private readonly dataDir: string) {}

  private get path(): string {
    return join(this.dataDir, 'webhook-secret');
  }

  async peek(): Promise<string | undefined> {
    if (this.cached) return this.cached;
    try {
      const text = (await readFile(this.path, 'utf8')).trim();
      if (/^[0-9a-f]{64}$/.test(text)) this.cached = text;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    return this.cached;
  }

  async getOrCreate(): Promise<string> {
    const known = await this.peek();
    if (known) return known;
    this.creating ??= this.rotate().finally(() => (this.creating = null));
    return this.creating;
  }

  async rotate(): Promise<string> {
    const secret = randomBytes(32).toString('hex');
    await writeFileAtomic(this.path, `${secret}\n`, 0o600);
    this.cached = secret;
    return secret;
  }
}
