import { Header } from 'tar';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, lstat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { extract } from 'tar';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { HomecamApp } from '../../src/app.js';
import { multipartFile } from './http.js';
import { bearer } from './users.js';
import { makeDataDir } from './test-app.js';

export interface RawEntry {
  path: string;
  /** `ExtendedHeader`: a pax header (its body the pax records) for the entry after it. */
  type?: 'File' | 'Directory' | 'SymbolicLink' | 'Link' | 'ExtendedHeader';
  body?: Buffer | string;
  /** Declared size when it should differ from the body (a "huge" entry). */
  size?: number;
  linkpath?: string;
  /** Mode in the header (default 0644 for files, 0755 for folders). */
  mode?: number;
}

const hasBody = (type: RawEntry['type']) => type === 'File' || type === 'ExtendedHeader';

/** The plain tar stream of the entries, header by header, with the two end blocks. */
export function rawTar(entries: RawEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.body ?? '');
    const type = entry.type ?? 'File';
    const mode = entry.mode ?? (type === 'Directory' ? 0o755 : 0o644);
    const header = new Header({ path: entry.path, type, size: entry.size ?? (hasBody(type) ? body.length : 0), mode, mtime: new Date(0), linkpath: entry.linkpath });
    const block = Buffer.alloc(512);
    header.encode(block, 0);
    blocks.push(block);
    if (hasBody(type) && body.length > 0) blocks.push(body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

/** A gzip tar written header by header, so a test can make entries no archiver would (traversal, links, lies). */
export function rawArchive(entries: RawEntry[]): Buffer {
  return gzipSync(rawTar(entries));
}

/**
 * N3's "tail bomb" (the probe's tailbomb.py): the archive's tar stream, then `mib` MiB of zeros after its end blocks,
 * all in one gzip stream at level 9 (about 1 KiB per MiB). The archive itself stays valid and signed.
 */
export function zerosAfterEnd(archive: Buffer, mib: number): Buffer {
  return gzipSync(Buffer.concat([gunzipSync(archive), Buffer.alloc(mib * 1024 * 1024)]), { level: 9 });
}

/** Every entry (in archive order) of a real archive, read back with its contents. */
export async function archiveEntries(archive: Buffer): Promise<RawEntry[]> {
  const dir = await unpack(archive);
  const { list } = await import('tar');
  const entries: RawEntry[] = [];
  await pipeline(
    Readable.from(archive),
    list({
      onReadEntry: (entry) => {
        entries.push({ path: entry.path, type: entry.type as RawEntry['type'] });
        entry.resume();
      },
    }),
  );
  for (const entry of entries) if (entry.type === 'File') entry.body = await readFile(join(dir, entry.path));
  return entries;
}

export async function unpack(archive: Buffer): Promise<string> {
  const dir = await mkdtemp(join(await makeDataDir(), 'unpacked-'));
  await pipeline(Readable.from(archive), extract({ cwd: dir }));
  return dir;
}

export async function download(app: HomecamApp, token: string, query = ''): Promise<Buffer> {
  const response = await app.inject({ method: 'GET', url: `/api/backup/download${query}`, headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`download: ${response.statusCode} ${response.body}`);
  return response.rawPayload;
}

export function restore(app: HomecamApp, token: string, archive: Buffer) {
  const body = multipartFile('file', 'backup.tar.gz', 'application/gzip', archive);
  return app.inject({ method: 'POST', url: '/api/backup/restore', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
}

export interface WatchedRestore {
  response: Awaited<ReturnType<typeof restore>>;
  /** The longest time, in ms, the server went without answering /api/health while the restore ran (wall clock). */
  longestHealthGapMs: number;
  /** The most CPU time, in ms, the server's thread spent within one such gap: how long it was busy, not answering. */
  busiestHealthGapMs: number;
  healthAnswers: number;
}

/** Clock ticks per second of /proc (USER_HZ: 100 on every mainstream Linux). */
const USER_HZ = 100;

/**
 * CPU time (user + system, ms) of the calling thread: the thread the app's event loop runs on. Read from
 * /proc/thread-self/stat (10 ms resolution); null where there is no /proc.
 */
function threadCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
  } catch {
    return null;
  }
}

/**
 * A restore with /api/health polled continuously beside it (N3: a restore must never block the event loop). A new
 * probe goes out as soon as the last one is answered, so the gap between two answers is the longest any request
 * would have waited: it includes slow answers and a main thread busy between probes. On a shared machine the wall
 * clock also counts the time the OS ran other processes; the thread's own CPU time within the gap does not, so it
 * says how long the event loop itself was kept busy.
 */
export async function restoreWatchingHealth(app: HomecamApp, token: string, archive: Buffer): Promise<WatchedRestore> {
  let running = true;
  const seen = { longest: 0, busiest: 0, answers: 0 };
  const probe = (async () => {
    let last = { at: performance.now(), cpu: threadCpuMs() };
    while (running) {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      if (health.statusCode !== 200) throw new Error(`/api/health answered ${health.statusCode}`);
      const now = { at: performance.now(), cpu: threadCpuMs() };
      seen.longest = Math.max(seen.longest, now.at - last.at);
      seen.busiest = Math.max(seen.busiest, now.cpu === null || last.cpu === null ? now.at - last.at : now.cpu - last.cpu);
      seen.answers += 1;
      last = now;
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  try {
    const response = await restore(app, token, archive);
    return { response, longestHealthGapMs: seen.longest, busiestHealthGapMs: seen.busiest, healthAnswers: seen.answers };
  } finally {
    running = false;
    await probe;
  }
}

/** path → sha256 of every file under dir (symlinks as their target text): "nothing changed" is this map being equal. */
export async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (at: string): Promise<void> => {
    for (const name of await readdir(at)) {
      const path = join(at, name);
      const info = await lstat(path);
      if (info.isDirectory()) await walk(path);
      else out[relative(dir, path)] = createHash('sha256').update(await readFile(path)).digest('hex');
    }
  };
  await walk(dir);
  return out;
}
