import { randomBytes } from 'node:crypto';
import type { PrivateFile } from '../channel-plugin.js';

const SECRET = /^[0-9a-f]{64}$/;

/**
 * The per-install webhook signing secret: 32 random bytes (hex) in the channel's private file. Created on first
 * use; rotating replaces it. A file that does not hold a secret of that shape counts as none.
 */
export class WebhookSecret {
  private cached: string | undefined;
  /** The first creation, shared: concurrent first deliveries must sign with one secret, not each with its own. */
  private creating: Promise<string> | null = null;

  constructor(private readonly file: PrivateFile) {}

  async peek(): Promise<string | undefined> {
    if (this.cached) return this.cached;
    const text = (await this.file.read())?.trim();
    if (text !== undefined && SECRET.test(text)) this.cached = text;
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
    await this.file.write(`${secret}\n`);
    this.cached = secret;
    return secret;
  }
}
