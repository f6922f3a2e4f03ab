import type { Stats } from 'node:fs';
import { chmod, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Unpack, type ReadEntry } from 'tar';
import { AppError } from '../errors/app-error.js';
import { tarLimits, type ScanLimits } from './archive-scan.js';
import { CONFIG, DATABASE, HOMEKIT, isLayoutPath } from './layout.js';
import { openBoundedTar } from './tar-bounds.js';

/** Folders of a restore. Never executable files, whatever the tar header said (N4: a 0755 script ran as root). */
export const RESTORED_DIR_MODE = 0o755;
export const RESTORED_FILE_MODE = 0o644;
/** What carries accounts, secrets or the HomeKit keys: owner only. */
const PRIVATE_MODE = 0o600;
const PRIVATE_DIR_MODE = 0o700;

function fileMode(path: string): number {
  return path === DATABASE || path === CONFIG || path.startsWith(`${HOMEKIT}/`) ? PRIVATE_MODE : RESTORED_FILE_MODE;
}

const isPlain = (type: string): type is 'File' | 'Directory' => type === 'File' || type === 'Directory';

/**
 * Sets the fixed modes on everything unpacked (the filter already asked node-tar for them; this makes them exact
 * whatever the process umask or an existing file).
 */
async function fixModes(dir: string, relative = ''): Promise<void> {
  for (const item of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, item.name);
    const name = relative ? `${relative}/${item.name}` : item.name;
    if (item.isDirectory()) {
      await chmod(path, name === HOMEKIT ? PRIVATE_DIR_MODE : RESTORED_DIR_MODE);
      await fixModes(path, name);
    } else {
      await chmod(path, fileMode(name));
    }
  }
}

/**
 * Unpacks a scanned archive into `staging` through the same bounds, with the same filter again (defence in depth),
 * with fixed modes and without the archive's owners.
 */
export async function extractArchive(file: string, staging: string, limits: ScanLimits = {}): Promise<void> {
  const source = openBoundedTar(file, tarLimits(limits));
  const unpack = new Unpack({
    cwd: staging,
    strict: true,
    preserveOwner: false,
    maxDepth: 10,
    dmode: RESTORED_DIR_MODE,
    fmode: RESTORED_FILE_MODE,
    filter: (path: string, entry: ReadEntry | Stats) => {
      if (!('type' in entry) || !isPlain(entry.type) || !isLayoutPath(path, entry.type)) return false;
      entry.mode = entry.type === 'Directory' ? RESTORED_DIR_MODE : fileMode(path);
      return true;
    },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      source.on('error', reject);
      unpack.on('error', reject);
      unpack.on('close', () => resolve());
      source.pipe(unpack);
    });
  } catch (error) {
    source.destroy();
    throw error instanceof AppError ? error : new AppError('BACKUP_INVALID', `the archive could not be unpacked: ${error instanceof Error ? error.message : String(error)}`);
  }
  await fixModes(staging);
}
