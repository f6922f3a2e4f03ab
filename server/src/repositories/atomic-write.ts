import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `content` so that readers (and a crash) only ever see the old or the new file: write a temp file in
 * the same directory (same file system, so rename is atomic), fsync it, rename over the target, fsync the dir.
 */
export async function writeFileAtomic(target: string, content: string | Uint8Array, mode = 0o600): Promise<void> {
  const dir = dirname(target);
  const temp = join(dir, `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  const file = await open(temp, 'w', mode);
  try {
    await file.writeFile(content);
    await file.sync();
  } catch (error) {
    await file.close();
    await rm(temp, { force: true });
    throw error;
  }
  await file.close();
  try {
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}

/** Makes the rename itself durable. Some file systems refuse fsync on a directory; the write is still atomic. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // best effort only
  }
}
