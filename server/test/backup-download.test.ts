import { backupManifestSchema } from '@homecam/shared';
import SQLite from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdir, symlink, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { verifyManifest, signingKey } from '../src/backup/signing.js';
import { archiveEntries, unpack } from './helpers/backup.js';
import { IMAGE_BYTES } from './helpers/http.js';
import { createTestApp } from './helpers/test-app.js';
import { bearer, createUser, signedInUser } from './helpers/users.js';

let app: HomecamApp;
let admin: string;

beforeAll(async () => {
  app = await createTestApp();
  admin = (await signedInUser(app, ['admin'])).token;
  const owner = await createUser(app, ['dashboard:access']);
  await app.homecam.photos.set(owner.id, IMAGE_BYTES.png);
  await app.homecam.cameras.create({ name: 'Garden', videoConfig: { source: '-i rtsp://cam:hunter2@10.0.0.5/live' } });
  await app.homecam.config.patchSection('mqtt', { active: false, host: 'broker', password: 'mqtt-secret-pw' });
  // The HomeKit bridge's identity and a pairing (issue 10), as hap-nodejs and the bridge keep them.
  await mkdir(join(app.homecam.dataDir, 'homekit'), { recursive: true });
  await writeFile(join(app.homecam.dataDir, 'homekit', 'bridge.json'), JSON.stringify({ username: '0E:11:22:33:44:55', setupCode: '031-45-154', setupId: 'AB12' }));
  await writeFile(join(app.homecam.dataDir, 'homekit', 'AccessoryInfo.0E1122334455.json'), JSON.stringify({ signSk: 'homekit-secret-key', pairedClients: {} }));
});
afterAll(() => app.close());

const get = (token: string, query = '') => app.inject({ method: 'GET', url: `/api/backup/download${query}`, headers: bearer(token) });

function rows<T>(path: string, query: string): T[] {
  const db = new SQLite(path, { readonly: true });
  try {
    return db.prepare(query).all() as T[];
  } finally {
    db.close();
  }
}

describe('GET /api/backup/download', () => {
  it('streams a signed archive: manifest first, an online copy of the database, config.json and the photos', async () => {
    const localStorage = JSON.stringify({ theme: 'dark', 'dashboard-layout': '[]' });
    const response = await get(admin, `?localStorage=${encodeURIComponent(localStorage)}`);
    expect(response.statusCode).toBe(200);
    // Streamed as it is made: no length known up front.
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="homecam-backup-\d{8}-\d{4}\.tar\.gz"$/);
    const entries = await archiveEntries(response.rawPayload);
    expect(entries[0]?.path).toBe('manifest.json');
    const manifest = backupManifestSchema.parse(JSON.parse(String(entries[0]?.body)));
    expect(manifest).toMatchObject({ app: 'homecam', redacted: false, includes: { recordings: false }, localStorage: { theme: 'dark', 'dashboard-layout': '[]' } });
    expect(verifyManifest(manifest, await signingKey(app.homecam.dataDir))).toBe(true);
    expect(entries.map((e) => e.path)).toEqual(expect.arrayContaining(['database.sqlite', 'config.json', 'photos/']));
    expect(entries.some((e) => /^photos\/.+\.png$/.test(e.path))).toBe(true);
    expect(entries.some((e) => e.path.startsWith('recordings'))).toBe(false);
    const dir = await unpack(response.rawPayload);
    const users = rows<{ username: string }>(join(dir, 'database.sqlite'), 'SELECT username FROM users');
    expect(users.length).toBe((await app.homecam.repositories.users.list()).length);
    expect(JSON.parse(String(entries.find((e) => e.path === 'config.json')?.body))).toEqual(JSON.parse(await app.homecam.config.raw()));
    // The HomeKit bridge's identity and pairings go with an admin's archive, checked like the photos.
    expect(entries.map((e) => e.path)).toEqual(expect.arrayContaining(['homekit/', 'homekit/bridge.json', 'homekit/AccessoryInfo.0E1122334455.json']));
    expect(Object.keys(manifest.sha256)).toEqual(expect.arrayContaining(['homekit/bridge.json', 'homekit/AccessoryInfo.0E1122334455.json']));
    // The signing key never leaves the data directory.
    expect(entries.some((e) => e.path.includes('key'))).toBe(false);
  });

  it('includes every clip on request, a 60 MB one too (the original skipped files over 50 MB)', async () => {
    const dir = join(app.homecam.recordingsDir.dir, 'Garden', '2026-01-01');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'big.mp4'), '');
    await truncate(join(dir, 'big.mp4'), 60 * 1024 * 1024); // sparse: cheap to make, still 60 MB to archive
    await symlink('/etc/hostname', join(dir, 'planted.mp4')); // a link is neither followed nor archived
    const entries = await archiveEntries((await get(admin, '?recordings=true')).rawPayload);
    const clip = entries.find((e) => e.path === 'recordings/Garden/2026-01-01/big.mp4');
    expect(clip?.body?.length).toBe(60 * 1024 * 1024);
    expect(entries.filter((e) => e.path.includes('planted'))).toEqual([]);
    const manifest = backupManifestSchema.parse(JSON.parse(String(entries[0]?.body)));
    expect(manifest.includes.recordings).toBe(true);
    expect(manifest.files.bytes).toBeGreaterThanOrEqual(60 * 1024 * 1024);
    // N7: clips are listed and hashed like every other file, so a restore can refuse what was added later.
    expect(manifest.sha256['recordings/Garden/2026-01-01/big.mp4']).toBe(createHash('sha256').update(Buffer.alloc(60 * 1024 * 1024)).digest('hex'));
  });

  it('hands non-admins an archive without secrets, password hashes, sessions or push keys', async () => {
    await app.homecam.repositories.vapidKeys.insertIfAbsent({ publicKey: 'pub', privateKey: 'priv' }, new Date().toISOString());
    const { token } = await signedInUser(app, ['backup:download']);
    const response = await get(token);
    expect(response.statusCode).toBe(200);
    const text = response.rawPayload;
    const dir = await unpack(text);
    const config = await import('node:fs/promises').then((fs) => fs.readFile(join(dir, 'config.json'), 'utf8'));
    expect(config).not.toContain('mqtt-secret-pw');
    expect(config).not.toContain('hunter2');
    expect(config).toContain('broker');
    const db = join(dir, 'database.sqlite');
    expect(rows<{ h: string }>(db, 'SELECT password_hash AS h FROM users').every((row) => row.h === '')).toBe(true);
    expect(rows(db, 'SELECT * FROM sessions')).toEqual([]);
    expect(rows(db, 'SELECT * FROM vapid_keys')).toEqual([]);
    expect(rows(db, 'SELECT * FROM push_subscriptions')).toEqual([]);
    const manifest = backupManifestSchema.parse(JSON.parse(await import('node:fs/promises').then((fs) => fs.readFile(join(dir, 'manifest.json'), 'utf8'))));
    expect(manifest.redacted).toBe(true);
    // No HomeKit keys, pairings or setup code for non-admins.
    expect((await archiveEntries(text)).some((e) => e.path.startsWith('homekit'))).toBe(false);
    expect(text.includes('homekit-secret-key')).toBe(false);
  });

  it('refuses a localStorage with unknown keys', async () => {
    const response = await get(admin, `?localStorage=${encodeURIComponent(JSON.stringify({ token: 'x' }))}`);
    expect(response.statusCode).toBe(400);
  });
});
