import type { BackupManifest } from '@homecam/shared';
import { copyFile, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { SCHEMA_VERSION } from '../db/migrations/index.js';
import { AppError } from '../errors/app-error.js';
import { extractArchive } from './archive-extract.js';
import { readManifest, scanArchive, type ScanLimits } from './archive-scan.js';
import { freeBytes } from './free-space.js';
import { CONFIG, DATA_FILES, DATABASE, HOMEKIT, PHOTOS, RECORDINGS, STAGING_DIR } from './layout.js';
import { readStagedConfig, restoredConfigText } from './restore-config.js';
import { checkStagedDatabase, prepareStagedDatabase } from './restore-database.js';
import { signingKey, verifyManifest } from './signing.js';

/** What the restore worker is asked to do: everything from the uploaded file to a complete staging folder. */
export interface RestoreJob {
  /** The uploaded archive (a temporary file). */
  file: string;
  dataDir: string;
  isAdmin: boolean;
  /** The live account of the user restoring. */
  restorerId: number;
  /** config.json of the running install, parsed. */
  liveConfig: unknown;
  recordingsDir: string;
  limits: ScanLimits;
}

export interface RestoreJobResult {
  manifest: BackupManifest;
  /** The staging folder carries the HomeKit identity to put in place (an admin's restore of an admin's archive). */
  homekit: boolean;
  /** The staging folder carries the photos to put in place (an admin's restore; a non-admin's keeps the live ones). */
  photos: boolean;
}

/** Marker of a HomeCam recordings directory (recordings-path rules): restored clips keep the folder HomeCam's. */
const RECORDINGS_MARKER = '.homecam-recordings';

const notSigned = () => new AppError('BACKUP_NOT_SIGNED', 'only an admin may restore an archive this installation did not make');

/**
 * Reads the archive without writing: the manifest first (a non-admin's archive must carry this install's signature
 * before anything else of it is inflated), then every entry (layout, listed in the manifest, hashes). Returns whether
 * the archive is this install's, unchanged.
 */
async function checkArchive(job: RestoreJob): Promise<{ manifest: BackupManifest; signed: boolean }> {
  const manifest = await readManifest(job.file, job.limits);
  const manifestSigned = verifyManifest(manifest, await signingKey(job.dataDir));
  // A user with backup:restore but not admin could otherwise write themselves an admin account into the database.
  if (!manifestSigned && !job.isAdmin) throw notSigned();
  if (manifest.schemaVersion > SCHEMA_VERSION) throw new AppError('BACKUP_TOO_NEW', `the backup has schema version ${manifest.schemaVersion}; this HomeCam knows ${SCHEMA_VERSION}`);
  const scan = await scanArchive(job.file, manifest, job.limits);
  const signed = manifestSigned && scan.hashesMatch;
  if (!signed && !job.isAdmin) throw notSigned();
  if (scan.totalBytes > (await freeBytes(job.dataDir))) throw new AppError('BACKUP_TOO_LARGE', `the archive unpacks to ${scan.totalBytes} bytes, more than the free disk space`);
  return { manifest, signed };
}

/** An admin restoring an archive without their account: their live photo comes along with it. */
async function carryRestorerPhoto(staging: string, dataDir: string, restorerId: number): Promise<void> {
  const db = new SQLite(join(staging, DATABASE), { readonly: true });
  let photo: string | null | undefined;
  try {
    photo = (db.prepare('SELECT photo FROM users WHERE id = ?').get(restorerId) as { photo: string | null } | undefined)?.photo;
  } finally {
    db.close();
  }
  if (!photo || !/^[\w.-]+$/.test(photo) || (await stat(join(staging, PHOTOS, photo)).catch(() => null))) return;
  await copyFile(join(dataDir, DATA_FILES.photos, photo), join(staging, PHOTOS, photo)).catch(() => undefined);
}

/** The staged data after the checks: config by the API's rules, the database by the account rules, the folders. */
async function prepareStaging(job: RestoreJob, staging: string, manifest: BackupManifest, signed: boolean): Promise<RestoreJobResult> {
  checkStagedDatabase(join(staging, DATABASE));
  const config = restoredConfigText(await readStagedConfig(join(staging, CONFIG)), job.liveConfig, { keepSecretsLive: manifest.redacted || !job.isAdmin });
  await writeFile(join(staging, CONFIG), config, { mode: 0o600 });
  await prepareStagedDatabase(join(staging, DATABASE), join(job.dataDir, DATA_FILES.database), {
    byAdmin: job.isAdmin,
    restorerId: job.restorerId,
    signed,
    redacted: manifest.redacted,
    rootFrom: manifest.recordingsRoot,
    rootTo: manifest.includes.recordings ? job.recordingsDir : null,
  });
  // A non-admin's restore keeps the live accounts, so their photos too; the HomeKit keys and pairings are admin-only.
  const photos = job.isAdmin;
  if (photos) {
    await mkdir(join(staging, PHOTOS), { recursive: true, mode: 0o755 });
    await carryRestorerPhoto(staging, job.dataDir, job.restorerId);
  } else {
    await rm(join(staging, PHOTOS), { recursive: true, force: true });
  }
  const homekit = job.isAdmin && !manifest.redacted && (await stat(join(staging, HOMEKIT)).then((found) => found.isDirectory(), () => false));
  if (!homekit) await rm(join(staging, HOMEKIT), { recursive: true, force: true });
  if (manifest.includes.recordings) {
    await mkdir(join(staging, RECORDINGS), { recursive: true, mode: 0o755 });
    await writeFile(join(staging, RECORDINGS, RECORDINGS_MARKER), 'This directory holds HomeCam recordings.\n', { mode: 0o644 });
  }
  return { manifest, homekit, photos };
}

/**
 * The whole check and unpack of a restore (run in a worker thread: restore-worker.ts): nothing is written before
 * the archive passed the read-only checks, and nothing of the live data is touched. The caller removes the staging
 * folder when this throws.
 */
export async function runRestoreJob(job: RestoreJob): Promise<RestoreJobResult> {
  const { manifest, signed } = await checkArchive(job);
  const staging = join(job.dataDir, STAGING_DIR);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { mode: 0o700 });
  await extractArchive(job.file, staging, job.limits);
  return prepareStaging(job, staging, manifest, signed);
}
