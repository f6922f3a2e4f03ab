import { backupManifestSchema, BACKUP_MAX_ENTRIES, BACKUP_MAX_ENTRY_BYTES, type BackupManifest } from '@homecam/shared';
import { createHash } from 'node:crypto';
import { Parser, type ReadEntry } from 'tar';
import { AppError } from '../errors/app-error.js';
import { isLayoutPath, MANIFEST } from './layout.js';
import { openBoundedTar, type TarBoundsLimits } from './tar-bounds.js';

export interface ScanLimits {
  maxEntries?: number | undefined;
  maxEntryBytes?: number | undefined;
}

/** manifest.json lists and hashes every file (clips too): about 150 bytes each, for up to BACKUP_MAX_ENTRIES files. */
export const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

export function tarLimits(limits: ScanLimits = {}): TarBoundsLimits {
  return { maxEntries: limits.maxEntries ?? BACKUP_MAX_ENTRIES, maxEntryBytes: limits.maxEntryBytes ?? BACKUP_MAX_ENTRY_BYTES };
}

type EntryHandler = (entry: ReadEntry, stop: () => void) => void;

function asRefusal(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError('BACKUP_INVALID', `not a readable gzip tar archive: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * Runs node-tar's parser (strict) over the bounded stream of the archive. `onEntry` sees each entry and may throw
 * a refusal, or call `stop` once it has read what it needs: the rest of the file is then never inflated.
 */
function parseArchive(file: string, limits: ScanLimits, onEntry: EntryHandler): Promise<void> {
  return new Promise((resolve, reject) => {
    const source = openBoundedTar(file, tarLimits(limits));
    let settled = false;
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      source.unpipe();
      source.destroy();
      if (error === undefined) resolve();
      else reject(asRefusal(error));
    };
    const parser = new Parser({
      strict: true,
      onReadEntry: (entry: ReadEntry) => {
        if (settled) return void entry.resume();
        try {
          onEntry(entry, () => settle());
        } catch (error) {
          entry.resume();
          settle(error);
        }
      },
    });
    source.on('error', (error) => settle(error));
    parser.on('error', (error: unknown) => settle(error));
    parser.on('end', () => settle());
    source.pipe(parser);
  });
}

function parseManifest(text: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    throw new AppError('BACKUP_INVALID', 'manifest.json is not JSON');
  }
  const parsed = backupManifestSchema.safeParse(json);
  if (!parsed.success) throw new AppError('BACKUP_INVALID', 'manifest.json is not a HomeCam backup manifest', parsed.error.issues.slice(0, 5));
  return parsed.data;
}

/**
 * The first, bounded read: the manifest must be the archive's first entry (at most MANIFEST_MAX_BYTES); reading
 * stops right after it. So a non-admin's archive is checked for this install's signature before the rest of it is
 * even inflated.
 */
export async function readManifest(file: string, limits: ScanLimits = {}): Promise<BackupManifest> {
  let text: string | null = null;
  await parseArchive(file, limits, (entry, stop) => {
    if (entry.path !== MANIFEST || entry.type !== 'File') throw new AppError('BACKUP_INVALID', 'the archive does not start with manifest.json');
    if (entry.size > MANIFEST_MAX_BYTES) throw new AppError('BACKUP_TOO_LARGE', `manifest.json is ${entry.size} bytes`);
    const chunks: Buffer[] = [];
    entry.on('data', (chunk: Buffer) => void chunks.push(chunk));
    entry.on('end', () => {
      text = Buffer.concat(chunks).toString('utf8');
      stop();
    });
  });
  if (text === null) throw new AppError('BACKUP_INVALID', 'the archive is empty');
  return parseManifest(text);
}

export interface ScanResult {
  /** What the entries unpack to, in bytes (declared sizes). */
  totalBytes: number;
  /** Every file's content matches the hash the manifest lists for it. */
  hashesMatch: boolean;
}

function checkEntry(entry: ReadEntry, listed: ReadonlyMap<string, string>, seen: Set<string>): void {
  const name = JSON.stringify(entry.path);
  if (entry.type !== 'File' && entry.type !== 'Directory') throw new AppError('BACKUP_UNSAFE_ENTRY', `entry ${name} is a ${entry.type}, not a file or folder`);
  if (!isLayoutPath(entry.path, entry.type)) throw new AppError('BACKUP_UNSAFE_ENTRY', `entry ${name} is outside the backup layout`);
  if (entry.type === 'Directory') return;
  if (entry.path === MANIFEST || seen.has(entry.path)) throw new AppError('BACKUP_UNSAFE_ENTRY', `entry ${name} appears twice`);
  seen.add(entry.path);
  // N7: a file the manifest neither lists nor hashes was added after the archive was made.
  if (!listed.has(entry.path)) throw new AppError('BACKUP_INVALID', `${entry.path} is not listed in the manifest`);
}

/**
 * Reads the whole archive once without writing anything: after the manifest only plain files and folders of the
 * layout, each file listed in the manifest and at most once, each hashed and compared with its listed hash.
 */
export async function scanArchive(file: string, manifest: BackupManifest, limits: ScanLimits = {}): Promise<ScanResult> {
  const listed = new Map(Object.entries(manifest.sha256));
  const seen = new Set<string>();
  let first = true;
  let totalBytes = 0;
  let hashesMatch = true;
  await parseArchive(file, limits, (entry) => {
    if (first) {
      first = false;
      if (entry.path !== MANIFEST) throw new AppError('BACKUP_INVALID', 'the archive does not start with manifest.json');
      return void entry.resume();
    }
    checkEntry(entry, listed, seen);
    totalBytes += entry.size;
    if (entry.type === 'Directory') return void entry.resume();
    const hash = createHash('sha256');
    entry.on('data', (chunk: Buffer) => void hash.update(chunk));
    entry.on('end', () => {
      if (hash.digest('hex') !== listed.get(entry.path)) hashesMatch = false;
    });
  });
  if (first) throw new AppError('BACKUP_INVALID', 'the archive is empty');
  return { totalBytes, hashesMatch };
}
