import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackupManifest } from '@homecam/shared';

/** Lives only in the data directory and is never archived: an archive it verifies was made by this install. */
export const SIGNING_KEY_FILE = 'backup-signing.key';

export async function signingKey(dataDir: string): Promise<Buffer> {
  const path = join(dataDir, SIGNING_KEY_FILE);
  try {
    const key = Buffer.from((await readFile(path, 'utf8')).trim(), 'hex');
    if (key.length === 32) return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  // 'wx' and re-read: two first uses at once agree on one key.
  await writeFile(path, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return Buffer.from((await readFile(path, 'utf8')).trim(), 'hex');
}

/** Canonical text of the manifest without its signature (keys sorted, so the order in the file does not matter). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function signManifest(manifest: Omit<BackupManifest, 'signature'>, key: Buffer): string {
  return createHmac('sha256', key).update(canonical(manifest)).digest('hex');
}

export function verifyManifest(manifest: BackupManifest, key: Buffer): boolean {
  const { signature, ...rest } = manifest;
  const expected = Buffer.from(signManifest(rest, key), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** SHA-256 of the file, or of its first `size` bytes (a file that grows while it is hashed). */
export async function sha256File(path: string, size?: number): Promise<string> {
  const hash = createHash('sha256');
  if (size === 0) return hash.digest('hex');
  for await (const chunk of createReadStream(path, size === undefined ? {} : { start: 0, end: size - 1 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
