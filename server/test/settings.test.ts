import { RECORDINGS_MAX_SIZE_GB_LIMIT, RECORDINGS_MIN_FREE_GB_LIMIT, type NotificationSettings, type RecordingSettings } from '@homecam/shared';
import { chmod, mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { expectError } from './helpers/http.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

let app: HomecamApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await makeDataDir();
  app = await createTestApp({ dataDir });
});
afterAll(() => app.close());

async function tokenWith(...permissions: Parameters<typeof signedInUser>[1]): Promise<string> {
  return (await signedInUser(app, permissions)).token;
}

async function fileConfig(): Promise<Record<string, Record<string, unknown>>> {
  return JSON.parse(await readFile(join(dataDir, 'config.json'), 'utf8')) as Record<string, Record<string, unknown>>;
}

describe('GET /api/settings/recordings', () => {
  it('returns the block with defaults and the disk use', async () => {
    const token = await tokenWith('settings:recordings:access');
    const response = await app.inject({ method: 'GET', url: '/api/settings/recordings', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const body = response.json<RecordingSettings>();
    expect(body).toMatchObject({ active: true, type: 'Video', timer: 10, removeAfter: 7, path: join(dataDir, 'recordings') });
    expect(body.maxSizeGB).toBeNull();
    expect(body.disk.recordingsCount).toBe(0);
    expect(body.disk.recordingsBytes).toBe(0);
    expect(body.disk.totalBytes).toBeGreaterThan(0);
    expect(body.disk.freeBytes).toBeGreaterThanOrEqual(0);
  });

  it('is open to settings:recordings:edit and admin, closed to others', async () => {
    for (const permission of ['settings:recordings:edit', 'admin'] as const) {
      const response = await app.inject({ method: 'GET', url: '/api/settings/recordings', headers: bearer(await tokenWith(permission)) });
      expect(response.statusCode).toBe(200);
    }
    const other = await tokenWith('settings:notifications:edit', 'recordings:access');
    expectError(await app.inject({ method: 'GET', url: '/api/settings/recordings', headers: bearer(other) }), 403, 'FORBIDDEN');
    expectError(await app.inject({ method: 'GET', url: '/api/settings/recordings' }), 401, 'UNAUTHENTICATED');
  });
});

describe('PATCH /api/settings/recordings', () => {
  it('writes config.json and applies live', async () => {
    // Moving the directory is admin-only (review #7, recordings-path.test.ts); the other fields need only the edit permission.
    const token = await tokenWith('admin');
    const path = join(dataDir, 'clips', 'nested');
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/settings/recordings',
      headers: bearer(token),
      payload: { active: false, path, removeAfter: 14, maxSizeGB: 2.5, minFreeGB: 1 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<RecordingSettings>()).toMatchObject({ active: false, path, removeAfter: 14, maxSizeGB: 2.5, minFreeGB: 1 });
    expect((await stat(path)).isDirectory()).toBe(true);
    expect((await fileConfig()).recordings).toMatchObject({ active: false, path, removeAfter: 14, maxSizeGB: 2.5, minFreeGB: 1 });
    expect(app.homecam.repositories.recordingFiles.dir).toBe(path);

    // null clears a limit; other fields stay
    const cleared = await app.inject({ method: 'PATCH', url: '/api/settings/recordings', headers: bearer(token), payload: { maxSizeGB: null } });
    expect(cleared.json<RecordingSettings>()).toMatchObject({ maxSizeGB: null, minFreeGB: 1, removeAfter: 14 });
    expect((await fileConfig()).recordings).not.toHaveProperty('maxSizeGB');
  });

  it('refuses bad values, type/timer and unusable paths', async () => {
    const token = await tokenWith('admin');
    const patch = (payload: unknown) =>
      app.inject({ method: 'PATCH', url: '/api/settings/recordings', headers: bearer(token), payload: payload as object });
    const cases: [unknown, string][] = [
      [{ path: '' }, 'PATH_REQUIRED'],
      [{ path: 'relative/dir' }, 'PATH_NOT_ABSOLUTE'],
      [{ type: 'Snapshot' }, 'CONFIG_FILE_ONLY'],
      [{ timer: 5 }, 'CONFIG_FILE_ONLY'],
    ];
    for (const [payload, message] of cases) {
      const response = await patch(payload);
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(JSON.stringify(response.json())).toContain(message);
    }
    expectError(await patch({ removeAfter: 0 }), 400, 'VALIDATION_FAILED');
    expectError(await patch({ maxSizeGB: -1 }), 400, 'VALIDATION_FAILED');
    expectError(await patch({ unknown: 1 }), 400, 'VALIDATION_FAILED');
    if (process.getuid?.() !== 0) {
      const locked = join(dataDir, 'locked');
      await mkdir(locked);
      await chmod(locked, 0o500);
      const response = await patch({ path: join(locked, 'sub') });
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(JSON.stringify(response.json())).toContain('PATH_NOT_WRITABLE');
    }
    expect((await fileConfig()).recordings).toMatchObject({ type: 'Video', timer: 10 });
  });

  it('bounds the disk limits: 1e308 is 400 naming the field, the largest allowed value is written', async () => {
    const token = await tokenWith('admin');
    const patch = (payload: object, url = '/api/settings/recordings') =>
      app.inject({ method: 'PATCH', url, headers: bearer(token), payload });
    const paths = (response: Awaited<ReturnType<typeof patch>>) =>
      response.json<{ error: { details: { path: string }[] } }>().error.details.map((issue) => issue.path).sort();
    const before = await readFile(join(dataDir, 'config.json'), 'utf8');

    const huge = await patch({ maxSizeGB: 1e308, minFreeGB: 1e308 });
    expectError(huge, 400, 'VALIDATION_FAILED');
    expect(paths(huge)).toEqual(['maxSizeGB', 'minFreeGB']);
    expect(paths(await patch({ maxSizeGB: RECORDINGS_MAX_SIZE_GB_LIMIT + 1 }))).toEqual(['maxSizeGB']);
    expect(paths(await patch({ minFreeGB: RECORDINGS_MIN_FREE_GB_LIMIT + 1 }))).toEqual(['minFreeGB']);
    expect(paths(await patch({ minFreeGB: 0 }))).toEqual(['minFreeGB']);
    // the config file route takes the same schema: the whole file is checked, the error names the key in it
    const file = await patch({ minFreeGB: 1e308 }, '/api/config/recordings');
    expectError(file, 400, 'VALIDATION_FAILED');
    expect(paths(file)).toEqual(['recordings.minFreeGB']);
    expect(await readFile(join(dataDir, 'config.json'), 'utf8')).toBe(before);

    const largest = await patch({ maxSizeGB: RECORDINGS_MAX_SIZE_GB_LIMIT, minFreeGB: RECORDINGS_MIN_FREE_GB_LIMIT });
    expect(largest.json<RecordingSettings>()).toMatchObject({ maxSizeGB: RECORDINGS_MAX_SIZE_GB_LIMIT, minFreeGB: RECORDINGS_MIN_FREE_GB_LIMIT });
    expect((await patch({ maxSizeGB: null, minFreeGB: null })).statusCode).toBe(200);
  });

  it('needs settings:recordings:edit', async () => {
    const payload = { removeAfter: 3 };
    const readOnly = await tokenWith('settings:recordings:access');
    expectError(await app.inject({ method: 'PATCH', url: '/api/settings/recordings', headers: bearer(readOnly), payload }), 403, 'FORBIDDEN');
    expectError(await app.inject({ method: 'PATCH', url: '/api/settings/recordings', payload }), 401, 'UNAUTHENTICATED');
  });
});

describe('/api/settings/notifications', () => {
  it('reads with access, writes with edit, config.json follows', async () => {
    const reader = await tokenWith('settings:notifications:access');
    const read = await app.inject({ method: 'GET', url: '/api/settings/notifications', headers: bearer(reader) });
    expect(read.json<NotificationSettings>()).toEqual({ active: true, removeAfter: 72, alertLevels: [] });
    expectError(
      await app.inject({ method: 'PATCH', url: '/api/settings/notifications', headers: bearer(reader), payload: { active: false } }),
      403,
      'FORBIDDEN',
    );

    const editor = await tokenWith('settings:notifications:edit');
    const written = await app.inject({
      method: 'PATCH',
      url: '/api/settings/notifications',
      headers: bearer(editor),
      payload: { active: false, removeAfter: 24 },
    });
    expect(written.statusCode).toBe(200);
    expect(written.json<NotificationSettings>()).toEqual({ active: false, removeAfter: 24, alertLevels: [] });
    expect((await fileConfig()).notifications).toMatchObject({ active: false, removeAfter: 24 });
    expect(app.homecam.config.get().notifications.removeAfter).toBe(24);
  });

  it('refuses bad values and callers without the permission', async () => {
    const editor = await tokenWith('settings:notifications:edit');
    const bad = await app.inject({ method: 'PATCH', url: '/api/settings/notifications', headers: bearer(editor), payload: { removeAfter: 0 } });
    expectError(bad, 400, 'VALIDATION_FAILED');
    const other = await tokenWith('settings:recordings:edit', 'notifications:access');
    expectError(await app.inject({ method: 'GET', url: '/api/settings/notifications', headers: bearer(other) }), 403, 'FORBIDDEN');
    expectError(await app.inject({ method: 'GET', url: '/api/settings/notifications' }), 401, 'UNAUTHENTICATED');
  });
});
