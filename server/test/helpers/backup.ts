import { Header } from 'tar';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, lstat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { extract } from 'tar';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { HomecamApp } from '../../src/app.js';
import { multipartFile } from './http.js';
import { bearer } from './users.js';
import { makeDataDir } from './test-app.js';

export interface RawEntry {
  path: string;
  type?: 'File' | 'Directory' | 'SymbolicLink' | 'Link';
  body?: Buffer | string;
  /** Declared size when it should differ from the body (a "huge" entry). */
  size?: number;
  linkpath?: string;
}

/** A gzip tar written header by header, so a test can make entries no archiver would (traversal, links, lies). */
export function rawArchive(entries: RawEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.body ?? '');
    const type = entry.type ?? 'File';
    const header = new Header({ path: entry.path, type, size: entry.size ?? (type === 'File' ? body.length : 0), mode: type === 'Directory' ? 0o755 : 0o644, mtime: new Date(0), linkpath: entry.linkpath });
    const block = Buffer.alloc(512);
    header.encode(block, 0);
    blocks.push(block);
    if (type === 'File' && body.length > 0) blocks.push(body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
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
