import { BACKUP_RESTORE_MAX_BYTES, type BackupManifest } from '@homecam/shared';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors/app-error.js';
import { extractArchive, freeBytes, scanArchive, verifyStaged, type ScanLimits } from './archive-reader.js';
import { prepareStagedDatabase } from './database-copy.js';
import { DATA_FILES, DATABASE, HOMEKIT, PHOTOS, RECORDINGS, STAGING_DIR, UPLOAD_PREFIX, WORK_PREFIX } from './layout.js';
import { previousDirName, writeJournal } from './restore-swap.js';
import { signingKey } from './signing.js';

export interface StageOptions {
  dataDir: string;
  upload: Readable;
  /** True when the upload stopped at the size limit (multipart's `truncated`). */
  truncated: () => boolean;
  /** Content-Length of the upload when sent: refused at once when the disk could not even hold it. */
  declaredBytes?: number | undefined;
  isAdmin: boolean;
  liveConfig: unknown;
  recordingsDir: string;
  now: Date;
  limits?: ScanLimits | undefined;
}

/** Marker of a HomeCam recordings directory (recordings-path rules): restored clips keep the folder HomeCam's. */
const RECORDINGS_MARKER = '.homecam-recordings';

/**
 * Upload → temp file → header scan → unpack into `<data>/restore-staging` → checks → journal. Nothing of the live
 * data is touched; on any refusal the temp file and the staging folder are removed. The swap happens at the next start.
 */
export async function stageRestore(options: StageOptions): Promise<BackupManifest> {
  const { dataDir } = options;
  if (options.declaredBytes !== undefined && options.declaredBytes > (await freeBytes(dataDir))) {
    throw new AppError('BACKUP_TOO_LARGE', `the upload (${options.declaredBytes} bytes) is larger than the free disk space`);
  }
  const uploadDir = await mkdtemp(join(dataDir, UPLOAD_PREFIX));
  const staging = join(dataDir, STAGING_DIR);
  try {
    const file = join(uploadDir, 'upload.tar.gz');
    await pipeline(options.upload, createWriteStream(file, { mode: 0o600 }));
    if (options.truncated()) throw new AppError('BACKUP_TOO_LARGE', `the archive is larger than ${BACKUP_RESTORE_MAX_BYTES} bytes`);
    await scanArchive(file, dataDir, options.limits);
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { mode: 0o700 });
    await extractArchive(file, staging);
    await rm(uploadDir, { recursive: true, force: true });
    const manifest = await verifyStaged(staging, { key: await signingKey(dataDir), isAdmin: options.isAdmin, liveConfig: options.liveConfig });
    prepareStagedDatabase(join(staging, DATABASE), join(dataDir, DATA_FILES.database), {
      redacted: manifest.redacted,
      rootFrom: manifest.recordingsRoot,
      rootTo: manifest.includes.recordings ? options.recordingsDir : null,
    });
    await mkdir(join(staging, PHOTOS), { recursive: true });
    if (manifest.includes.recordings) {
      await mkdir(join(staging, RECORDINGS), { recursive: true });
      await writeFile(join(staging, RECORDINGS, RECORDINGS_MARKER), 'This directory holds HomeCam recordings.\n');
    }
    // The bridge's keys and pairings replace the live ones only when the (admin's, unredacted) archive has them.
    const homekit = !manifest.redacted && (await stat(join(staging, HOMEKIT)).then((found) => found.isDirectory(), () => false));
    if (homekit) {
      // Keys and pairings only as the manifest lists (and so hashed) them: nothing added to an archive after the fact.
      const listed = new Set(Object.keys(manifest.sha256));
      const stray = (await readdir(join(staging, HOMEKIT))).find((name) => !listed.has(`${HOMEKIT}/${name}`));
      if (stray) throw new AppError('BACKUP_INVALID', `${HOMEKIT}/${stray} is not listed in the manifest`);
      await chmod(join(staging, HOMEKIT), 0o700);
    }
    await writeJournal(dataDir, {
      createdAt: options.now.toISOString(),
      previous: join(dataDir, previousDirName(options.now)),
      recordingsDir: manifest.includes.recordings ? options.recordingsDir : null,
      homekit,
    });
    return manifest;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(uploadDir, { recursive: true, force: true });
  }
}

/** Work folders a crash left behind (a download's database copy, an upload): removed at start. */
export async function removeStaleWork(dataDir: string): Promise<void> {
  for (const name of await readdir(dataDir)) {
    if (name.startsWith(UPLOAD_PREFIX) || name.startsWith(WORK_PREFIX)) await rm(join(dataDir, name), { recursive: true, force: true });
  }
}
