import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { journalPath, type RestoreJournal } from '../src/backup/restore-swap.js';
import { download, restore } from './helpers/backup.js';
import { IMAGE_BYTES } from './helpers/http.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, createUser, signedInUser } from './helpers/users.js';

/** An install with a user (with a photo), a camera and a notification; then a backup of it. */
async function arrange() {
  const dataDir = await makeDataDir();
  const app = await createTestApp({ dataDir });
  const { token } = await signedInUser(app, ['admin'], { username: 'boss' });
  const alice = await createUser(app, ['dashboard:access'], { username: 'alice' });
  await app.homecam.photos.set(alice.id, IMAGE_BYTES.png);
  await app.homecam.cameras.create({ name: 'Porch', videoConfig: { source: 'demo:?size=160x120' } });
  const note = await app.homecam.notifications.system('WARN', 'Kept note', 'from before the backup');
  await mkdir(join(dataDir, 'homekit'), { recursive: true });
  await writeFile(join(dataDir, 'homekit', 'bridge.json'), HOMEKIT_IDENTITY);
  const localStorage = encodeURIComponent(JSON.stringify({ theme: 'dark' }));
  const archive = await download(app, token, `?localStorage=${localStorage}`);
  return { dataDir, app, token, alice, note, archive };
}

const HOMEKIT_IDENTITY = JSON.stringify({ username: '0E:11:22:33:44:55', setupCode: '031-45-154', setupId: 'AB12' });

/** Deletes the user, the camera and the notification: what the restore must bring back. */
async function changeData(app: HomecamApp, aliceId: number, noteId: string) {
  await app.homecam.users.delete(aliceId);
  await app.homecam.cameras.delete('Porch');
  await app.homecam.notifications.delete(noteId);
}

async function expectOldData(app: HomecamApp, noteId: string) {
  expect(await app.homecam.repositories.users.findByUsername('alice')).toBeTruthy();
  expect(app.homecam.cameras.find('Porch')).toBeTruthy();
  expect((await app.homecam.notifications.get(noteId)).title).toBe('Kept note');
}

describe('restore', () => {
  it('stages the archive, restarts, and the next start brings the old users, cameras and notifications back', async () => {
    const { dataDir, app, token, alice, note, archive } = await arrange();
    await changeData(app, alice.id, note.id);
    await writeFile(join(dataDir, 'homekit', 'bridge.json'), '{"reset":"after the backup"}');
    const restarts: string[] = [];
    app.homecam.bus.subscribe('RestartRequested', ({ reason }) => void restarts.push(reason));
    const response = await restore(app, token, archive);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ restarting: true, localStorage: { theme: 'dark' } });
    expect(restarts).toEqual(['restore']);
    // Nothing swapped yet: the running app still has the changed data.
    expect(await app.homecam.repositories.users.findByUsername('alice')).toBeUndefined();
    await app.close();

    const next = await createTestApp({ dataDir });
    try {
      await expectOldData(next, note.id);
      const photo = (await next.homecam.repositories.users.findByUsername('alice'))?.photo;
      expect(photo && (await readFile(join(dataDir, 'photos', photo))).length).toBeGreaterThan(0);
      // The HomeKit bridge comes back with the identity (and pairings) of the backup.
      expect(await readFile(join(dataDir, 'homekit', 'bridge.json'), 'utf8')).toBe(HOMEKIT_IDENTITY);
      // Sessions are not restored: everybody signs in again.
      expect((await next.inject({ method: 'GET', url: '/api/backup/automatic', headers: bearer(token) })).statusCode).toBe(401);
      const entries = await readdir(dataDir);
      const previous = entries.filter((name) => name.startsWith('restore-previous-'));
      expect(previous).toHaveLength(1);
      expect(await readdir(join(dataDir, previous[0]!))).toEqual(expect.arrayContaining(['homecam.db', 'config.json', 'photos']));
      expect(entries).not.toContain('restore-staging');
      expect(entries).not.toContain('restore-pending.json');
    } finally {
      await next.close();
    }
  });

  it('resumes a swap a crash interrupted', async () => {
    const { dataDir, app, token, alice, note, archive } = await arrange();
    await changeData(app, alice.id, note.id);
    expect((await restore(app, token, archive)).statusCode).toBe(202);
    await app.close();
    // The crash: the first steps ran (database and config put aside, the new database in place), then nothing.
    const journal = JSON.parse(await readFile(journalPath(dataDir), 'utf8')) as RestoreJournal;
    await mkdir(journal.previous, { recursive: true });
    await rename(join(dataDir, 'homecam.db'), join(journal.previous, 'homecam.db'));
    await rename(join(dataDir, 'restore-staging', 'database.sqlite'), join(dataDir, 'homecam.db'));
    await rename(join(dataDir, 'config.json'), join(journal.previous, 'config.json'));

    const next = await createTestApp({ dataDir });
    try {
      await expectOldData(next, note.id);
      expect(await readdir(dataDir)).not.toContain('restore-pending.json');
    } finally {
      await next.close();
    }
  });

  it('rolls back when a step fails: the data stays as it was and an ERROR notification says why', async () => {
    const { dataDir, app, token, alice, note, archive } = await arrange();
    await changeData(app, alice.id, note.id);
    expect((await restore(app, token, archive)).statusCode).toBe(202);
    await app.close();
    // Something already sits where the photos would be put aside: the new photos cannot be moved into place.
    const journal = JSON.parse(await readFile(journalPath(dataDir), 'utf8')) as RestoreJournal;
    await mkdir(join(journal.previous, 'photos'), { recursive: true });
    await writeFile(join(journal.previous, 'photos', 'in-the-way.png'), 'x');

    const next = await createTestApp({ dataDir });
    try {
      expect(await next.homecam.repositories.users.findByUsername('alice')).toBeUndefined();
      expect(next.homecam.cameras.find('Porch')).toBeUndefined();
      const list = await next.homecam.notifications.list({ limit: 50 } as never);
      expect(list.result.some((n) => n.title === 'Restore failed')).toBe(true);
      expect(await readdir(dataDir)).not.toContain('restore-pending.json');
      expect(await readdir(dataDir)).not.toContain('restore-staging');
    } finally {
      await next.close();
    }
  });

  it('a redacted archive keeps the secrets and password hashes of the running install', async () => {
    const { dataDir, app, alice, note } = await arrange();
    await app.homecam.config.patchSection('mqtt', { active: false, host: 'broker', password: 'mqtt-secret-pw' });
    const helper = await signedInUser(app, ['backup:download', 'backup:restore']);
    const archive = await download(app, helper.token);
    await changeData(app, alice.id, note.id);
    expect((await restore(app, helper.token, archive)).statusCode).toBe(202);
    await app.close();
    const next = await createTestApp({ dataDir });
    try {
      expect(next.homecam.config.get().mqtt.password).toBe('mqtt-secret-pw');
      const response = await next.inject({ method: 'POST', url: '/api/auth/login', payload: { username: helper.user.username, password: 'test-password-1' } });
      expect(response.statusCode).toBe(200);
      // A non-admin's restore keeps the live accounts (N5): alice, deleted after the backup, stays deleted; the rest is back.
      expect(await next.homecam.repositories.users.findByUsername('alice')).toBeUndefined();
      expect(next.homecam.cameras.find('Porch')).toBeTruthy();
      expect((await next.homecam.notifications.get(note.id)).title).toBe('Kept note');
    } finally {
      await next.close();
    }
  });

  it('restores the recordings on request, through an upload far above the photo upload limit', async () => {
    const { dataDir, app, token } = await arrange();
    const clipDir = join(app.homecam.recordingsDir.dir, 'Porch', '2026-01-01');
    await mkdir(clipDir, { recursive: true });
    const clip = randomBytes(5 * 1024 * 1024); // incompressible: the upload stays over 5 MB
    await writeFile(join(clipDir, 'clip.mp4'), clip);
    const archive = await download(app, token, '?recordings=true');
    expect(archive.length).toBeGreaterThan(5 * 1024 * 1024);
    await rm(join(clipDir, 'clip.mp4'));
    await writeFile(join(clipDir, 'newer.mp4'), 'made after the backup');
    expect((await restore(app, token, archive)).statusCode).toBe(202);
    const recordingsDir = app.homecam.recordingsDir.dir;
    await app.close();
    const next = await createTestApp({ dataDir });
    try {
      expect(next.homecam.recordingsDir.dir).toBe(recordingsDir);
      expect((await readFile(join(clipDir, 'clip.mp4'))).equals(clip)).toBe(true);
      expect(await readdir(clipDir)).toEqual(['clip.mp4']);
      const previous = (await readdir(dataDir)).find((name) => name.startsWith('restore-previous-'))!;
      expect(await readdir(join(dataDir, previous, 'recordings', 'Porch', '2026-01-01'))).toEqual(['newer.mp4']);
    } finally {
      await next.close();
    }
  });
});
