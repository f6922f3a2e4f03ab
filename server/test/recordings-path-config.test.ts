import type { Notification } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { access, mkdir, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { triggerFtpRecording } from './helpers/recordings.js';
import { RECORDINGS_MARKER } from '../src/services/recordings-path.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * The recordings path rules hold for every way the path can change, not only PATCH /api/settings/recordings:
 * the /api/config writes (PUT, PATCH, PATCH of the section) and config.json itself, at start and on a hand edit.
 */
const NOWHERE = { source: 'rtsp://127.0.0.1:9/none' };
const CAMERA = { name: 'Garden', room: 'Outside', videoConfig: NOWHERE, motionTimeout: 1, recordingTimer: 1 };

const exists = (path: string): Promise<boolean> => access(path).then(() => true, () => false);

async function startWith(recordings: Record<string, unknown>): Promise<{ app: HomecamApp; dataDir: string; admin: string }> {
  const dataDir = await makeDataDir();
  await writeFile(join(dataDir, 'config.json'), JSON.stringify({ recordings: { active: true, type: 'Snapshot', ...recordings }, cameras: [CAMERA] }));
  const app = await createTestApp({ dataDir });
  return { app, dataDir, admin: (await signedInUser(app, ['admin'])).token };
}

async function errorNotifications(app: HomecamApp, admin: string): Promise<Notification[]> {
  const response = await app.inject({ url: '/api/notifications', headers: bearer(admin) });
  return response.json<{ result: Notification[] }>().result.filter((n) => n.level === 'ERROR');
}

describe('/api/config writes of recordings.path', () => {
  let app: HomecamApp;
  let dataDir: string;
  let admin: string;
  let configFile: string;
  beforeAll(async () => {
    ({ app, dataDir, admin } = await startWith({}));
    configFile = join(dataDir, 'config.json');
  });
  afterAll(() => app.close());

  const write = (method: 'PUT' | 'PATCH', url: string, payload: unknown) =>
    app.inject({ method, url, headers: { ...bearer(admin), 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  const current = async () => (await app.inject({ url: '/api/config', headers: bearer(admin) })).json<Record<string, unknown>>();

  it('refuses system directories, the data directory and a symlink to /etc on every route, leaving the file untouched', async () => {
    await symlink('/etc', join(dataDir, 'to-etc'));
    const before = await readFile(configFile, 'utf8');
    const whole = await current();
    for (const path of ['/etc', '/', dataDir, join(dataDir, 'to-etc'), join(dataDir, 'photos')]) {
      const recordings = { ...(whole.recordings as object), path };
      for (const response of [
        await write('PATCH', '/api/config/recordings', { path }),
        await write('PATCH', '/api/config', { recordings: { path } }),
        await write('PUT', '/api/config', { ...whole, recordings }),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: [{ path: 'recordings.path', message: 'PATH_FORBIDDEN' }] } });
      }
    }
    expect(await readFile(configFile, 'utf8')).toBe(before);
    expect(await exists(join('/etc', RECORDINGS_MARKER))).toBe(false);
    expect(app.homecam.repositories.recordingFiles.dir).toBe(join(dataDir, 'recordings'));
  });

  it('refuses a directory with foreign files and a relative path', async () => {
    const foreign = join(dataDir, 'documents');
    await mkdir(foreign);
    await writeFile(join(foreign, 'taxes.pdf'), 'private');
    const before = await readFile(configFile, 'utf8');
    const refused = await write('PATCH', '/api/config/recordings', { path: foreign });
    expect(refused.json()).toMatchObject({ error: { details: [{ path: 'recordings.path', message: 'PATH_NOT_EMPTY' }] } });
    const relative = await write('PATCH', '/api/config', { recordings: { path: 'clips' } });
    expect(relative.json()).toMatchObject({ error: { details: [{ path: 'recordings.path', message: 'PATH_NOT_ABSOLUTE' }] } });
    expect(await readFile(configFile, 'utf8')).toBe(before);
    expect(await readdir(foreign)).toEqual(['taxes.pdf']);
  });

  it('adopts a new directory (marker written, recordings go there); a PUT with the path unchanged is not checked again', async () => {
    const target = join(dataDir, 'disk-a', 'clips');
    const moved = await write('PATCH', '/api/config/recordings', { path: target });
    expect(moved.statusCode).toBe(200);
    await access(join(target, RECORDINGS_MARKER));
    expect(app.homecam.repositories.recordingFiles.dir).toBe(target);
    // Someone else's files appear and the marker goes: moving there now would be refused, keeping it is no move.
    await rm(join(target, RECORDINGS_MARKER));
    await writeFile(join(target, 'notes.txt'), 'x');
    const again = await write('PUT', '/api/config', { ...(await current()), http: { active: false, port: 7373 } });
    expect(again.statusCode).toBe(200);
    expect(JSON.parse(await readFile(configFile, 'utf8'))).toMatchObject({ recordings: { path: target }, http: { port: 7373 } });
  });

  it('a hand edit naming the data directory is not used: the default directory, an ERROR notification', async () => {
    const file = JSON.parse(await readFile(configFile, 'utf8')) as { recordings: Record<string, unknown> };
    await writeFile(configFile, JSON.stringify({ ...file, recordings: { ...file.recordings, path: dataDir } }));
    expect(await app.homecam.config.reload()).toBe('applied');
    const [notice] = await waitFor(async () => {
      const found = await errorNotifications(app, admin);
      return found.length > 0 ? found : null;
    });
    expect(notice).toMatchObject({ title: 'Recordings directory refused' });
    expect(notice?.message).toContain(dataDir);
    expect(app.homecam.repositories.recordingFiles.dir).toBe(join(dataDir, 'recordings'));
    const row = await triggerFtpRecording(app, 'Garden');
    expect(row.root).toBe(join(dataDir, 'recordings'));
    expect(await exists(join(dataDir, 'Garden'))).toBe(false);
    expect(await exists(join(dataDir, RECORDINGS_MARKER))).toBe(false);
  });
});

describe('config.json naming /etc at start-up', () => {
  let app: HomecamApp;
  let dataDir: string;
  let admin: string;
  beforeAll(async () => {
    ({ app, dataDir, admin } = await startWith({ path: '/etc' }));
  });
  afterAll(() => app.close());

  it('the server starts, records into the default directory, never under /etc, and tells the user', async () => {
    expect((await app.inject({ url: '/api/cameras', headers: bearer(admin) })).statusCode).toBe(200);
    const [notice] = await errorNotifications(app, admin);
    expect(notice).toMatchObject({ level: 'ERROR', title: 'Recordings directory refused' });
    expect(notice?.message).toContain('/etc');
    expect(app.homecam.repositories.recordingFiles.dir).toBe(join(dataDir, 'recordings'));
    const row = await triggerFtpRecording(app, 'Garden');
    expect(row.root).toBe(join(dataDir, 'recordings'));
    expect(await exists(join(dataDir, 'recordings', row.file))).toBe(true);
    expect(await exists('/etc/Garden')).toBe(false);
    expect(await exists(join('/etc', RECORDINGS_MARKER))).toBe(false);
    // Shown as configured (the file is unchanged), so the admin sees what to fix.
    expect(JSON.parse(await readFile(join(dataDir, 'config.json'), 'utf8'))).toMatchObject({ recordings: { path: '/etc' } });
  });
});
