import { BACKUP_RESTORE_MAX_BYTES, type BackupManifest } from '@homecam/shared';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors/app-error.js';
import type { ScanLimits } from './archive-scan.js';
import { freeBytes } from './free-space.js';
import { STAGING_DIR, UPLOAD_PREFIX, WORK_PREFIX } from './layout.js';
import { runRestoreInWorker } from './restore-worker-client.js';
import { previousDirName, writeJournal } from './restore-swap.js';

export interface StageOptions {
  dataDir: string;
  upload: Readable;
  /** True when the upload stopped at the size limit (multipart's `truncated`). */
  truncated: () => boolean;
  /** Called once the upload is on disk: the request's last check of its body (one file, nothing after it). */
  uploaded: () => Promise<void>;
  /** Content-Length of the upload when sent: refused at once when the disk could not even hold it. */
  declaredBytes?: number | undefined;
  isAdmin: boolean;
  /** The live account of the user restoring (an admin's restore never takes their account away). */
  restorerId: number;
  liveConfig: unknown;
  recordingsDir: string;
  now: Date;
  limits?: ScanLimits | undefined;
}

/** The upload to a temporary file; a broken multipart body (unterminated part) is the client's error (N10). */
async function receive(upload: Readable, file: string): Promise<void> {
  try {
    await pipeline(upload, createWriteStream(file, { mode: 0o600 }));
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code, statusCode } = error as NodeJS.ErrnoException & { statusCode?: number };
    if (code === 'ENOSPC') throw new AppError('BACKUP_TOO_LARGE', 'the upload does not fit on the disk');
    // The multipart plugin's own errors (413 for a file over the limit) carry their status; the disk's have an errno.
    if (statusCode !== undefined || (error as NodeJS.ErrnoException).errno !== undefined) throw error;
    throw new AppError('BAD_REQUEST', `the upload could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Upload → temp file → (worker thread) manifest, signature, scan, unpack into `<data>/restore-staging`, checks →
 * journal. Nothing of the live data is touched; on any refusal the temp file and the staging folder are removed.
 * The swap happens at the next start.
 */
export async function stageRestore(options: StageOptions): Promise<BackupManifest> {
  const { dataDir } = options;
  if (options.declaredBytes !== undefined && options.declaredBytes > (await freeBytes(dataDir))) {
    throw new AppError('BACKUP_TOO_LARGE', `the upload (${options.declaredBytes} bytes) is larger than the free disk space`);
  }
  const uploadDir = await mkdtemp(join(dataDir, UPLOAD_PREFIX));
  try {
    const file = join(uploadDir, 'upload.tar.gz');
    await receive(options.upload, file);
    if (options.truncated()) throw new AppError('BACKUP_TOO_LARGE', `the archive is larger than ${BACKUP_RESTORE_MAX_BYTES} bytes`);
    await options.uploaded();
    const staged = await runRestoreInWorker({
      file,
      dataDir,
      isAdmin: options.isAdmin,
      restorerId: options.restorerId,
      liveConfig: options.liveConfig,
      recordingsDir: options.recordingsDir,
      limits: options.limits ?? {},
    });
    await writeJournal(dataDir, {
      createdAt: options.now.toISOString(),
      previous: join(dataDir, previousDirName(options.now)),
      recordingsDir: staged.manifest.includes.recordings ? options.recordingsDir : null,
      homekit: staged.homekit,
      photos: staged.photos,
    });
    return staged.manifest;
  } catch (error) {
    await rm(join(dataDir, STAGING_DIR), { recursive: true, force: true });
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
