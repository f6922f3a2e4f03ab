import { waitFor } from '@homecam/tools';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { gzipSync } from 'node:zlib';
import { archiveEntries, download, rawArchive, rawTar, restoreWatchingHealth, snapshot, zerosAfterEnd, type RawEntry } from './helpers/backup.js';
import { errorCode } from './helpers/http.js';
import { createTestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/users.js';

/**
 * Bad and hostile archives: each refused with its code before anything changes (the data directory's files are
 * the same afterwards, no staging, upload or journal left behind, no restart asked for), and /api/health answered
 * all along (N3: the archive is read in a worker thread, never on the main thread).
 */
/**
 * The longest the server's thread may be kept busy without answering /api/health during a hostile restore, and the
 * longest wall-clock wait for an answer. The wall clock also counts other processes of this shared 2-core machine
 * running (load averages of 9 were seen while these tests ran), so it gets more room.
 */
const HEALTH_BUSY_MAX_MS = 100;
const HEALTH_WAIT_MAX_MS = 1000;
/** MiB of zeros after the end blocks of the tail bomb: the probe's 32 MiB kept the main thread busy for 175 s. */
const TAIL_MIB = 32;
let app: HomecamApp;
let admin: string;
let good: RawEntry[];
const restarts: string[] = [];

beforeAll(async () => {
  app = await createTestApp({ backupLimits: { maxEntryBytes: 1024 * 1024 } });
  admin = (await signedInUser(app, ['admin'])).token;
  good = await archiveEntries(await download(app, admin));
  // The download's work folder (its database copy) is removed when its stream closes, just after the last byte:
  // the first case's "before" snapshot raced that removal (ENOENT on the folder it had just listed).
  await waitFor(async () => !(await readdir(app.homecam.dataDir)).some((name) => name.startsWith('backup-work-')), { timeoutMs: 10_000, message: 'the download to remove its work folder' });
  app.homecam.bus.subscribe('RestartRequested', ({ reason }) => void restarts.push(reason));
});
afterAll(() => app.close());

/** The good archive with one entry changed (unsigned then: only an admin may try it). */
function tampered(name: string, change: (body: string) => string): Buffer {
  return rawArchive(good.map((entry) => (entry.path === name ? { ...entry, body: change(String(entry.body)) } : entry)));
}

/** The good archive's entries with extra ones after the manifest. */
const withExtra = (...extra: RawEntry[]) => rawArchive([good[0]!, ...extra, ...good.slice(1)]);

/** Data files that must not change (the database's own files change with every session touch, so they are left out). */
async function dataFiles(): Promise<Record<string, string>> {
  const all = await snapshot(app.homecam.dataDir);
  return Object.fromEntries(Object.entries(all).filter(([path]) => !path.startsWith('homecam.db')));
}

/** The good archive with files appended after its last entry, as the probe did (N7). */
const appended = (...extra: RawEntry[]) => rawArchive([...good, ...extra]);

/** The good archive's tar without its end blocks: a truncated upload. */
const truncated = () => {
  const tar = rawTar(good);
  return gzipSync(tar.subarray(0, tar.length - 1024 - 512));
};

const cases: [string, () => Buffer, string, 'admin' | 'restorer'][] = [
  ['zeros after the end blocks (the tail bomb, N3), signed', () => zerosAfterEnd(rawArchive(good), TAIL_MIB), 'BACKUP_INVALID', 'restorer'],
  ['the tail bomb from an admin', () => zerosAfterEnd(rawArchive(good), TAIL_MIB), 'BACKUP_INVALID', 'admin'],
  ['an unlisted photo and script appended to a signed archive (N7)', () => appended({ path: 'photos/planted.jpg', body: 'not a jpg' }, { path: 'recordings/Sim/2026-11-28/planted.sh', body: '#!/bin/sh\nid\n', mode: 0o755 }), 'BACKUP_INVALID', 'restorer'],
  ['the same from an admin', () => appended({ path: 'photos/planted.jpg', body: 'not a jpg' }, { path: 'recordings/Sim/2026-11-28/planted.sh', body: '#!/bin/sh\nid\n', mode: 0o755 }), 'BACKUP_INVALID', 'admin'],
  ['a file listed twice (a second database)', () => appended({ path: 'database.sqlite', body: 'SQLite format 3\0 but nothing else' }), 'BACKUP_UNSAFE_ENTRY', 'admin'],
  ['a pax header that changes the next entry\'s size', () => withExtra({ path: 'PaxHeader/x', type: 'ExtendedHeader', body: '16 size=1048576\n' }, { path: 'photos/x.png', body: 'x' }), 'BACKUP_UNSAFE_ENTRY', 'admin'],
  ['a pax header that names a file like a folder', () => withExtra({ path: 'PaxHeader/x', type: 'ExtendedHeader', body: '19 path=recordings/\n' }, { path: 'photos/x.png', body: 'x'.repeat(600) }), 'BACKUP_UNSAFE_ENTRY', 'admin'],
  ['a truncated archive (no end blocks)', truncated, 'BACKUP_INVALID', 'admin'],
  ['path traversal', () => withExtra({ path: '../evil.txt', body: 'x' }), 'BACKUP_UNSAFE_ENTRY', 'admin'],
  ['traversal inside a folder', () => withExtra({ path: 'photos/../../evil.txt', body: 'x' }), 'BACKUP_UNSAFE_ENTRY', 'admin'],
  ['an absolute path', () => withExtra({ path: '/tmp/evil.txt', body: 'x' }), 'BACKUP_UNSAFE_ENTRY', 'admin'],
  ['a symlink', () => withExtra({ path: 'photos/link.png', type: 'SymbolicLink', linkpath: '/etc/passwd' }), 'BACKUP_UNSAFE_ENTRY', 'admin'],
  ['a hard link', () => withExtra({ path: 'photos/hard.png', type: 'Link', linkpath: 'config.json' }), 'BACKUP_UNSAFE_ENTRY', 'admin'],
  ['a name outside the layout', () => withExtra({ path: 'backup-signing.key', body: '00' }), 'BACKUP_UNSAFE_ENTRY', 'admin'],
  ['a huge entry (declared size)', () => withExtra({ path: 'photos/huge.png', body: 'x', size: 50 * 1024 * 1024 }), 'BACKUP_TOO_LARGE', 'admin'],
  ['a newer schema version', () => tampered('manifest.json', (text) => text.replace(/"schemaVersion": \d+/, '"schemaVersion": 999')), 'BACKUP_TOO_NEW', 'admin'],
  ['an invalid config.json', () => tampered('config.json', () => JSON.stringify({ port: 'not a port' })), 'BACKUP_INVALID', 'admin'],
  ['a corrupt database', () => tampered('database.sqlite', () => 'SQLite format 3\0 but nothing else'), 'BACKUP_INVALID', 'admin'],
  ['no manifest first', () => rawArchive(good.slice(1)), 'BACKUP_INVALID', 'admin'],
  ['not a gzip tar at all', () => Buffer.from('just some text, not an archive'), 'BACKUP_INVALID', 'admin'],
  ['an unsigned archive from a non-admin', () => tampered('manifest.json', (text) => text.replace(/"signature": "\w+"/, `"signature": "${'0'.repeat(64)}"`)), 'BACKUP_NOT_SIGNED', 'restorer'],
  ['a signed manifest over a changed config.json', () => tampered('config.json', (text) => text.replace('{', '{ ')), 'BACKUP_NOT_SIGNED', 'restorer'],
  ['a HomeKit pairing the manifest does not list', () => withExtra({ path: 'homekit/AccessoryInfo.0E1122334455.json', body: '{}' }), 'BACKUP_INVALID', 'admin'],
  ['a folder inside homekit', () => withExtra({ path: 'homekit/nested/bridge.json', body: '{}' }), 'BACKUP_UNSAFE_ENTRY', 'admin'],
];

describe('POST /api/backup/restore refuses', () => {
  it.each(cases)('%s', async (_name, make, code, who) => {
    const before = await dataFiles();
    const users = (await app.homecam.repositories.users.list()).length;
    const token = who === 'admin' ? admin : (await signedInUser(app, ['backup:restore'])).token;
    const { response, longestHealthGapMs, busiestHealthGapMs, healthAnswers } = await restoreWatchingHealth(app, token, make());
    expect({ status: response.statusCode < 500, code: errorCode(response) }).toEqual({ status: true, code });
    expect(healthAnswers).toBeGreaterThan(0);
    expect(busiestHealthGapMs).toBeLessThan(HEALTH_BUSY_MAX_MS);
    expect(longestHealthGapMs).toBeLessThan(HEALTH_WAIT_MAX_MS);
    expect(await dataFiles()).toEqual(before);
    expect((await app.homecam.repositories.users.list()).length).toBe(users + (who === 'admin' ? 0 : 1));
    expect((await readdir(app.homecam.dataDir)).filter((name) => /^restore-|^backup-work-/.test(name))).toEqual([]);
    expect(restarts).toEqual([]);
  });

  it('nothing was written outside the data directory', async () => {
    expect(await readdir(join(app.homecam.dataDir, '..'))).not.toContain('evil.txt');
  });
});
