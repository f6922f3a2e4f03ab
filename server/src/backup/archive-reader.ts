import { backupManifestSchema, BACKUP_MAX_ENTRIES, BACKUP_MAX_ENTRY_BYTES, CONFIG_MAX_BYTES, configFileSchema, type BackupManifest } from '@homecam/shared';
import { readFile, stat, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { list, extract, type ReadEntry } from 'tar';
import { SCHEMA_VERSION } from '../db/migrations/index.js';
import { AppError } from '../errors/app-error.js';
import { inspectDatabase } from './database-copy.js';
import { CONFIG, DATABASE, isLayoutPath, MANIFEST } from './layout.js';
import { restoreSecrets } from './redact.js';
import { sha256File, verifyManifest } from './signing.js';

export interface ScanLimits {
  maxEntries?: number;
  maxEntryBytes?: number;
}

type EntryType = 'File' | 'Directory';
const isPlain = (type: string): type is EntryType => type === 'File' || type === 'Directory';

export async function freeBytes(dir: string): Promise<number> {
  const fs = await statfs(dir);
  return fs.bavail * fs.bsize;
}

/**
 * Reads every header of the archive without writing anything: only plain files and folders of the layout, the
 * manifest first, at most so many entries, none larger than the limit, all together less than the free space.
 */
export async function scanArchive(file: string, dataDir: string, limits: ScanLimits = {}): Promise<void> {
  const maxEntries = limits.maxEntries ?? BACKUP_MAX_ENTRIES;
  const maxEntryBytes = limits.maxEntryBytes ?? BACKUP_MAX_ENTRY_BYTES;
  const found: { refusal: AppError | null } = { refusal: null };
  let count = 0;
  let total = 0;
  const refuse = (error: AppError) => void (found.refusal ??= error);
  try {
    await list({
      file,
      strict: true,
      onReadEntry: (entry: ReadEntry) => {
        count += 1;
        total += entry.size;
        if (!isPlain(entry.type)) refuse(new AppError('BACKUP_UNSAFE_ENTRY', `entry ${JSON.stringify(entry.path)} is a ${entry.type}, not a file or folder`));
        else if (!isLayoutPath(entry.path, entry.type)) refuse(new AppError('BACKUP_UNSAFE_ENTRY', `entry ${JSON.stringify(entry.path)} is outside the backup layout`));
        else if (count === 1 && entry.path !== MANIFEST) refuse(new AppError('BACKUP_INVALID', 'the archive does not start with manifest.json'));
        if (entry.size > maxEntryBytes) refuse(new AppError('BACKUP_TOO_LARGE', `entry ${JSON.stringify(entry.path)} declares ${entry.size} bytes`));
        if (count > maxEntries) refuse(new AppError('BACKUP_TOO_LARGE', `more than ${maxEntries} entries`));
        entry.resume();
      },
    });
  } catch (error) {
    if (found.refusal) throw found.refusal;
    throw new AppError('BACKUP_INVALID', `not a readable gzip tar archive: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (found.refusal) throw found.refusal;
  if (count === 0) throw new AppError('BACKUP_INVALID', 'the archive is empty');
  if (total > (await freeBytes(dataDir))) throw new AppError('BACKUP_TOO_LARGE', `the archive unpacks to ${total} bytes, more than the free disk space`);
}

/** Unpacks a scanned archive into `staging`, with the same filter again (defence in depth). */
export async function extractArchive(file: string, staging: string): Promise<void> {
  await extract({
    file,
    cwd: staging,
    strict: true,
    preserveOwner: false,
    maxDepth: 10,
    filter: (path, entry) => {
      const type = 'type' in entry ? entry.type : '';
      return isPlain(type) && isLayoutPath(path, type);
    },
  });
}

async function readSmall(path: string, max: number, what: string): Promise<string> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw new AppError('BACKUP_INVALID', `the archive has no ${what}`);
  if (info.size > max) throw new AppError('BACKUP_TOO_LARGE', `${what} is ${info.size} bytes`);
  return readFile(path, 'utf8');
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('BACKUP_INVALID', `${what} is not JSON`);
  }
}

async function hashesMatch(staging: string, manifest: BackupManifest): Promise<boolean> {
  for (const [name, hash] of Object.entries(manifest.sha256)) {
    if (!isLayoutPath(name, 'File')) return false;
    const actual = await sha256File(join(staging, name)).catch(() => null);
    if (actual !== hash) return false;
  }
  return true;
}

export interface VerifyOptions {
  key: Buffer;
  isAdmin: boolean;
  /** config.json of the running install (a redacted archive takes its secrets from it). */
  liveConfig: unknown;
}

/** Checks the staged archive (manifest, signature, hashes, schema version, config.json, database) and returns the manifest. */
export async function verifyStaged(staging: string, options: VerifyOptions): Promise<BackupManifest> {
  const parsed = backupManifestSchema.safeParse(parseJson(await readSmall(join(staging, MANIFEST), 1024 * 1024, 'manifest.json'), 'manifest.json'));
  if (!parsed.success) throw new AppError('BACKUP_INVALID', 'manifest.json is not a HomeCam backup manifest', parsed.error.issues.slice(0, 5));
  const manifest = parsed.data;
  // Signed means: the manifest is this install's and every file it hashes is unchanged.
  const signed = verifyManifest(manifest, options.key) && (await hashesMatch(staging, manifest));
  // A user with backup:restore but not admin could otherwise write themselves an admin account into the database.
  if (!signed && !options.isAdmin) throw new AppError('BACKUP_NOT_SIGNED', 'only an admin may restore an archive this installation did not make');
  if (manifest.schemaVersion > SCHEMA_VERSION) throw new AppError('BACKUP_TOO_NEW', `the backup has schema version ${manifest.schemaVersion}; this HomeCam knows ${SCHEMA_VERSION}`);
  let facts;
  try {
    facts = inspectDatabase(join(staging, DATABASE));
  } catch (error) {
    throw new AppError('BACKUP_INVALID', `database.sqlite is not a usable HomeCam database (${error instanceof Error ? error.message : String(error)})`);
  }
  if (facts.schemaVersion > SCHEMA_VERSION) throw new AppError('BACKUP_TOO_NEW', `the database has schema version ${facts.schemaVersion}; this HomeCam knows ${SCHEMA_VERSION}`);
  let config = parseJson(await readSmall(join(staging, CONFIG), CONFIG_MAX_BYTES, 'config.json'), 'config.json');
  if (manifest.redacted) config = restoreSecrets(config, options.liveConfig);
  const checked = configFileSchema.safeParse(config);
  if (!checked.success) {
    const issues = checked.error.issues.slice(0, 10).map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
    throw new AppError('BACKUP_INVALID', 'config.json in the archive is not valid', issues);
  }
  if (manifest.redacted) await writeFile(join(staging, CONFIG), `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}
