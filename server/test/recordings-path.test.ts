import type { RecordingSettings } from '@homecam/shared';
import { access, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { RECORDINGS_MARKER, recordingsPathRefusal } from '../src/services/recordings-path.js';
import { expectError } from './helpers/http.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/** Review #7: the recordings directory is where HomeCam writes and deletes files; who may move it, and where. */
let app: HomecamApp;
let dataDir: string;
let admin: string;
let editor: string;
/** config.json's path at the start: every refusal must leave it so. */
let initialPath: string | undefined;

beforeAll(async () => {
  dataDir = await makeDataDir();
  app = await createTestApp({ dataDir });
  admin = (await signedInUser(app, ['admin'])).token;
  editor = (await signedInUser(app, ['settings:recordings:edit'])).token;
  initialPath = await configuredPath();
});
afterAll(() => app.close());

const patch = (token: string, payload: object) =>
  app.inject({ method: 'PATCH', url: '/api/settings/recordings', headers: bearer(token), payload });
/** The directory in use: config.json's path, else the default. */
const configuredPath = async () => {
  const file = await readFile(join(dataDir, 'config.json'), 'utf8').catch(() => '{}');
  return (JSON.parse(file) as { recordings?: { path?: string } }).recordings?.path ?? join(dataDir, 'recordings');
};

describe('recordings.path', () => {
  it('only an admin moves it; settings:recordings:edit still edits the other fields (and may send the path unchanged)', async () => {
    for (const path of ['/', '/etc', dataDir, join(dataDir, 'elsewhere')]) {
      expectError(await patch(editor, { path }), 403, 'RECORDINGS_PATH_ADMIN_ONLY');
    }
    const current = (await app.inject({ url: '/api/settings/recordings', headers: bearer(editor) })).json<RecordingSettings>().path;
    const edited = await patch(editor, { path: current, removeAfter: 3, active: false });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<RecordingSettings>()).toMatchObject({ path: current, removeAfter: 3, active: false });
    expect(await configuredPath()).toBe(initialPath);
  });

  it('refuses system directories, the data directory, a parent of either, the photos directory, also through a symlink', async () => {
    await symlink('/etc', join(dataDir, 'to-etc'));
    await symlink(dataDir, join(dataDir, 'to-data'));
    const forbidden = [
      '/', '/etc', '/etc/homecam', '/usr/local/recordings', '/var', '/proc/self', '/boot', '/root', homedir(),
      dataDir, dirname(dataDir), join(dataDir, 'photos'), join(dataDir, 'photos', 'clips'),
      join(dataDir, 'to-etc'), join(dataDir, 'to-etc', 'new'), join(dataDir, 'to-data'),
    ];
    for (const path of forbidden) {
      const response = await patch(admin, { path });
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(response.json()).toMatchObject({ error: { details: [{ path: 'path', message: 'PATH_FORBIDDEN' }] } });
    }
    expect(await configuredPath()).toBe(initialPath);
  });

  it('refuses a directory with someone else\'s files in it', async () => {
    const foreign = join(dataDir, 'documents');
    await mkdir(foreign);
    await writeFile(join(foreign, 'taxes.pdf'), 'private');
    const response = await patch(admin, { path: foreign });
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: [{ path: 'path', message: 'PATH_NOT_EMPTY' }] } });
    expect(await configuredPath()).toBe(initialPath);
  });

  it('an admin adopts a new or empty directory (marked as HomeCam\'s) and may change back to it later', async () => {
    const first = join(dataDir, 'disk-a', 'clips');
    const second = join(dataDir, 'disk-b');
    await mkdir(second);
    const moved = await patch(admin, { path: first });
    expect(moved.statusCode).toBe(200);
    await access(join(first, RECORDINGS_MARKER));
    await writeFile(join(first, 'some-clip.mp4'), 'x');
    expect((await patch(admin, { path: second })).statusCode).toBe(200);
    expect(await configuredPath()).toBe(second);
    // Not empty any more, but HomeCam's: allowed back.
    expect((await patch(admin, { path: first })).statusCode).toBe(200);
    expect(app.homecam.repositories.recordingFiles.dir).toBe(first);
  });

  it('allows a package-style directory below /var, never /var itself', () => {
    const facts = { dataDir: '/var/lib/homecam', reserved: ['/var/lib/homecam/photos'], home: '/home/cam', entries: null, knownRoot: false };
    expect(recordingsPathRefusal({ ...facts, resolved: '/var/lib/homecam-recordings' })).toBeNull();
    expect(recordingsPathRefusal({ ...facts, resolved: '/var/lib/homecam/recordings' })).toBeNull();
    expect(recordingsPathRefusal({ ...facts, resolved: '/var/lib' })).toBe('PATH_FORBIDDEN');
    expect(recordingsPathRefusal({ ...facts, resolved: '/var' })).toBe('PATH_FORBIDDEN');
    expect(recordingsPathRefusal({ ...facts, resolved: '/home/cam' })).toBe('PATH_FORBIDDEN');
    expect(recordingsPathRefusal({ ...facts, resolved: '/home/cam/Videos/cams' })).toBeNull();
  });
});
