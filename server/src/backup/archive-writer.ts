import { BACKUP_FORMAT, type BackupLocalStorage, type BackupManifest } from '@homecam/shared';
import { mkdir, mkdtemp, readdir, rm, lstat, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { Pack } from 'tar';
import { SCHEMA_VERSION } from '../db/migrations/index.js';
import { limitDatabase, recordingInLimit, type CameraLimit } from './camera-limit.js';
import { redactDatabase } from './database-copy.js';
import { CONFIG, DATABASE, HOMEKIT, MANIFEST, PHOTOS, RECORDINGS, WORK_PREFIX } from './layout.js';
import { sha256File, signingKey, signManifest } from './signing.js';

export interface ArchiveSources {
  dataDir: string;
  /** Writes an online copy of the live database to the path. */
  copyDatabase(destination: string): Promise<void>;
  /** config.json as it goes into the archive (already redacted for non-admins). */
  configText: string;
  photosDir: string;
  /** The recordings directory, or null to leave the clips out. */
  recordingsDir: string | null;
  redacted: boolean;
  /** `<data>/homekit` (the bridge's keys and pairings) goes in: admins' archives only, like the secrets. */
  includeHomekit: boolean;
  localStorage: BackupLocalStorage;
  version: string;
  now: Date;
  /** Issue 21: the archive of a user limited to some cameras holds only theirs (rows, config, files); null: all. */
  cameraLimit?: CameraLimit | null | undefined;
}

interface FoundFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/** Regular files under `dir` (symlinks and devices are never followed nor archived), with their sizes. */
async function regularFiles(dir: string): Promise<FoundFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found: FoundFile[] = [];
  for (const name of names) {
    const path = join(dir, name);
    const stat = await lstat(path);
    if (stat.isDirectory()) found.push(...(await regularFiles(path)));
    else if (stat.isFile()) found.push({ path, size: stat.size, mtimeMs: stat.mtimeMs });
  }
  return found;
}

/**
 * Size and modification time of every file the manifest hashes, when it was hashed: a file that changed before it is
 * packed (a clip still being recorded) is left out of the archive rather than sent with a hash it does not match.
 */
type HashedFiles = Map<string, { size: number; mtimeMs: number }>;

async function hashInto(sha256: Record<string, string>, hashed: HashedFiles, prefix: string, root: string, files: FoundFile[]): Promise<void> {
  for (const file of files) {
    sha256[`${prefix}/${inner(root, file.path)}`] = await sha256File(file.path, file.size);
    hashed.set(file.path, { size: file.size, mtimeMs: file.mtimeMs });
  }
}

/** The relative, `/`-separated path of a file under `root`. */
function inner(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}

function limitedRecordings(files: FoundFile[], root: string, limit: CameraLimit | null | undefined): FoundFile[] {
  return limit ? files.filter((file) => recordingInLimit(inner(root, file.path), limit)) : files;
}

/** A folder of the recordings directory goes in (empty folders too) only when it could hold a file that does. */
function folderInLimit(root: string, path: string, limit: CameraLimit | null | undefined): boolean {
  if (!limit || !(path.startsWith(root + sep))) return true;
  const rel = inner(root, path);
  return rel === 'segments.d' || rel === 'previews.d' || recordingInLimit(`${rel}/file`, limit);
}

/**
 * Copies the database and config into a work folder, hashes every file (N7: a restore refuses files the manifest
 * does not list and hash, clips included), signs the manifest.
 */
async function prepare(sources: ArchiveSources, work: string, hashed: HashedFiles): Promise<BackupManifest> {
  const database = join(work, DATABASE);
  await sources.copyDatabase(database);
  if (sources.cameraLimit) limitDatabase(database, sources.cameraLimit);
  if (sources.redacted) redactDatabase(database);
  await writeFile(join(work, CONFIG), sources.configText, { mode: 0o600 });
  const photos = await regularFiles(sources.photosDir);
  const homekitDir = join(sources.dataDir, HOMEKIT);
  const homekit = sources.includeHomekit ? await regularFiles(homekitDir) : [];
  const recordings = sources.recordingsDir ? limitedRecordings(await regularFiles(sources.recordingsDir), sources.recordingsDir, sources.cameraLimit) : [];
  const sha256: Record<string, string> = { [DATABASE]: await sha256File(database), [CONFIG]: await sha256File(join(work, CONFIG)) };
  await hashInto(sha256, hashed, PHOTOS, sources.photosDir, photos);
  await hashInto(sha256, hashed, HOMEKIT, homekitDir, homekit);
  if (sources.recordingsDir) await hashInto(sha256, hashed, RECORDINGS, sources.recordingsDir, recordings);
  const all = [...photos, ...homekit, ...recordings];
  const unsigned: Omit<BackupManifest, 'signature'> = {
    format: BACKUP_FORMAT,
    app: 'homecam',
    version: sources.version,
    createdAt: sources.now.toISOString(),
    schemaVersion: SCHEMA_VERSION,
    includes: { recordings: sources.recordingsDir !== null },
    redacted: sources.redacted,
    localStorage: sources.localStorage,
    recordingsRoot: sources.recordingsDir,
    files: { count: all.length + 2, bytes: all.reduce((sum, file) => sum + file.size, 0) },
    sha256,
  };
  const manifest = { ...unsigned, signature: signManifest(unsigned, await signingKey(sources.dataDir)) };
  await writeFile(join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/**
 * The backup as a gzip tar stream, read from disk as it is sent (never whole in memory). The manifest comes first;
 * clips go in whatever their size. The work folder (database copy) is removed when the stream ends or is abandoned.
 */
export async function createArchive(sources: ArchiveSources): Promise<{ stream: Readable; manifest: BackupManifest }> {
  const work = await mkdtemp(join(sources.dataDir, WORK_PREFIX));
  try {
    const hashed: HashedFiles = new Map();
    const manifest = await prepare(sources, work, hashed);
    await mkdir(sources.photosDir, { recursive: true });
    const homekitDir = join(sources.dataDir, HOMEKIT);
    const roots: [string, string][] = [
      [work, ''],
      [sources.photosDir, PHOTOS],
      [homekitDir, HOMEKIT],
      ...(sources.recordingsDir ? ([[sources.recordingsDir, RECORDINGS]] as [string, string][]) : []),
    ];
    const pack = new Pack({
      cwd: sep,
      gzip: { level: 1 }, // the clips are compressed already; level 1 still shrinks the database well
      portable: true,
      // Only regular files and folders: a symlink planted in the recordings folder is not followed nor archived.
      // A file goes in only as it was hashed (the work folder's are final).
      filter: (path, stat) => {
        if (!('isFile' in stat) || !(stat.isFile() || stat.isDirectory())) return false;
        const absolute = resolve(sep, path);
        if (stat.isDirectory()) return !sources.recordingsDir || folderInLimit(sources.recordingsDir, absolute, sources.cameraLimit);
        if (absolute.startsWith(work + sep)) return true;
        const seen = hashed.get(absolute);
        return seen !== undefined && seen.size === stat.size && seen.mtimeMs === stat.mtimeMs;
      },
      onWriteEntry: (entry) => {
        const [root, prefix] = roots.find(([dir]) => entry.absolute === dir || entry.absolute.startsWith(dir + sep)) ?? [work, ''];
        const inner = relative(root, entry.absolute).split(sep).join('/');
        const name = prefix && inner ? `${prefix}/${inner}` : prefix || inner;
        entry.path = entry.type === 'Directory' ? `${name}/` : name;
      },
    });
    const out = new PassThrough();
    const cleanup = () => void rm(work, { recursive: true, force: true });
    pack.on('error', (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
    out.on('close', cleanup);
    pack.pipe(out);
    for (const name of [MANIFEST, DATABASE, CONFIG]) pack.add(join(work, name));
    pack.add(sources.photosDir);
    if (sources.includeHomekit) await stat(homekitDir).then(() => pack.add(homekitDir), () => undefined);
    if (sources.recordingsDir) await stat(sources.recordingsDir).then(() => pack.add(sources.recordingsDir!), () => undefined);
    pack.end();
    return { stream: out, manifest };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

async function stat(path: string): Promise<void> {
  await lstat(path);
}
