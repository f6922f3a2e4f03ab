import { BACKUP_RESTORE_MAX_BYTES, type BackupManifest } from '@homecam/shared';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors/app-error.js';
import { extractArchive, scanArchive, verifyStaged, type ScanLimits } from './archive-reader.js';
import { prepareStagedDatabase } from './database-copy.js';
import { DATA_FILES, DATABASE, PHOTOS, RECORDINGS, STAGING_DIR, UPLOAD_PREFIX } from './layout.js';
import { previousDirName, writeJournal } from './restore-swap.js';
import { signingKey } from './signing.js';

export interface StageOptions {
  dataDir: string;
  upload: Readable;
  /** True when the upload stopped at the size limit (multipart's `truncated`). */
  truncated: () => boolean;
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
    await writeJournal(dataDir, {
      createdAt: options.now.toISOString(),
      previous: join(dataDir, previousDirName(options.now)),
      recordingsDir: manifest.includes.recordings ? options.recordingsDir : null,
    });
    return manifest;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(uploadDir, { recursive: true, force: true });
  }
}
