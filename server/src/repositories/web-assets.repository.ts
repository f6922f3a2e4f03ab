import { existsSync, readFileSync } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { join, normalize, resolve, sep } from 'node:path';
import { inlineScriptHashes } from '../lib/inline-scripts.js';

/** The built web app (web/dist). Only answers whether files exist; @fastify/static streams them. */
export class WebAssetsRepository {
  readonly root: string;
  /** Checked once at start: a build made while the server runs is picked up at the next start. */
  readonly available: boolean;
  /** The CSP hashes of index.html's inline scripts (its first script is inline), read with it at start. */
  readonly inlineScriptHashes: readonly string[];

  constructor(root: string) {
    this.root = resolve(root);
    const index = join(this.root, 'index.html');
    this.available = existsSync(index);
    this.inlineScriptHashes = this.available ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
  }

  /** The path relative to the root of an existing regular file for a URL path, if there is one. */
  async findFile(urlPath: string): Promise<string | undefined> {
    const relative = normalize(urlPath).replace(/^[/\\]+/, '');
    if (relative === '' || relative.split(/[/\\]/).some((part) => part === '..' || part.startsWith('.'))) return undefined;
    const absolute = resolve(this.root, relative);
    if (!absolute.startsWith(this.root + sep)) return undefined;
    try {
      return (await lstat(absolute)).isFile() ? relative : undefined;
    } catch {
      return undefined;
    }
  }
}
