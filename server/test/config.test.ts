import { APP_VERSION, configFileSchema, type ConfigFile } from '@homecam/shared';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigLoadError } from '../src/services/config.service.js';
import { expectError } from './helpers/http.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { appForSuite } from './helpers/suite-app.js';
import { bearer, signedInUser } from './helpers/users.js';

describe('config.json at start-up', () => {
  it('is created with the defaults when absent, the HTTP trigger with a random token of its own (F16d)', async () => {
    const dataDir = await makeDataDir();
    const app = await createTestApp({ dataDir });
    await app.close();
    const written = JSON.parse(await readFile(join(dataDir, 'config.json'), 'utf8')) as { http: { token: string } };
    const { token } = written.http;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(written).toEqual(configFileSchema.parse({ http: { token } }));
    expect((await stat(join(dataDir, 'config.json'))).mode & 0o777).toBe(0o600);
    // Another install, another token.
    const other = await makeDataDir();
    await (await createTestApp({ dataDir: other })).close();
    const second = JSON.parse(await readFile(join(other, 'config.json'), 'utf8')) as { http: { token: string } };
    expect(second.http.token).not.toBe(token);
  });

  it('fails start-up with a message naming the bad key', async () => {
    const dataDir = await makeDataDir();
    await writeFile(join(dataDir, 'config.json'), JSON.stringify({ mqtt: { port: 'eighty' }, logLevel: 'loud' }));
    const failure = createTestApp({ dataDir });
    await expect(failure).rejects.toBeInstanceOf(ConfigLoadError);
    await expect(failure).rejects.toThrow(/config\.json: mqtt\.port: expected number/);
    await expect(failure).rejects.toThrow(/config\.json: logLevel: /);
    // Nothing was opened: the database file is not even created.
    expect(existsSync(join(dataDir, 'homecam.db'))).toBe(false);
  });

  it('fails start-up on a file that is not JSON', async () => {
    const dataDir = await makeDataDir();
    await writeFile(join(dataDir, 'config.json'), '{ "port": 80,');
    await expect(createTestApp({ dataDir })).rejects.toThrow(/^config\.json: not valid JSON/);
  });

  it('keeps unknown keys of an existing file (camera.ui files carry more than we know)', async () => {
    const dataDir = await makeDataDir();
    const door = { name: 'Door', foo: 1, videoConfig: { source: 'rtsp://cam/live', hksv: true } };
    await writeFile(join(dataDir, 'config.json'), JSON.stringify({ plugins: [{ name: 'x' }], cameras: [door] }));
    const app = await createTestApp({ dataDir });
    try {
      // kept as written: no camera defaults added to the file's content
      expect(app.homecam.config.get()).toMatchObject({ plugins: [{ name: 'x' }], cameras: [door] });
      expect(app.homecam.config.get().cameras[0]).toEqual(door);
    } finally {
      await app.close();
    }
  });
});

describe('logLevel', () => {
  it('applies a logLevel change at once when the environment does not set one', async () => {
    const sink = { write: () => undefined };
    const app = await createTestApp({ logLevel: undefined, logStream: sink });
    try {
      expect(app.log.level).toBe('info');
      await app.homecam.config.patchSection('logLevel', 'debug');
      expect(app.log.level).toBe('debug');
    } finally {
      await app.close();
    }
  });
});

describe('config routes', () => {
  const suite = appForSuite({ admin: ['admin'] });
  const configPath = (): string => join(suite.app.homecam.dataDir, 'config.json');
  const read = async (): Promise<string> => readFile(configPath(), 'utf8');

  it('GET /api/config/ui is public and holds only version and name', async () => {
    const response = await suite.app.inject({ url: '/api/config/ui' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ version: APP_VERSION, name: 'HomeCam' });
  });

  it('GET /api/config answers the file content', async () => {
    const response = await suite.app.inject({ url: '/api/config', headers: suite.bearer('admin') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(JSON.parse(await read()));
  });

  it('PUT /api/config saves a valid whole file atomically and tells subscribers', async () => {
    const seen: [ConfigFile, ConfigFile][] = [];
    const unsubscribe = suite.app.homecam.config.onChange((next, previous) => seen.push([next, previous]));
    const current = JSON.parse(await read()) as ConfigFile;
    const next = { ...current, mqtt: { ...current.mqtt, active: true, host: 'broker.local', port: 8883 }, extra: 'kept' };
    const response = await suite.app.inject({ method: 'PUT', url: '/api/config', headers: suite.bearer('admin'), payload: next });
    unsubscribe();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(next);
    expect(JSON.parse(await read())).toEqual(next);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.[0].mqtt.host).toBe('broker.local');
    expect(seen[0]?.[1].mqtt.host).toBe(current.mqtt.host);
    // No temp file is left beside it.
    expect((await readdir(suite.app.homecam.dataDir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('PATCH /api/config refuses an invalid file with 400 naming the key, leaving the file byte for byte', async () => {
    const before = await read();
    const current = JSON.parse(before) as ConfigFile;
    const response = await suite.app.inject({
      method: 'PATCH',
      url: '/api/config',
      headers: suite.bearer('admin'),
      payload: { ...current, mqtt: { ...current.mqtt, port: 'x' } },
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json()).toMatchObject({ error: { details: [{ path: 'mqtt.port' }] } });
    expect(await read()).toBe(before);
  });

  it('GET /api/config/:section answers one section, 404 NOT_FOUND for an unknown one', async () => {
    const response = await suite.app.inject({ url: '/api/config/http', headers: suite.bearer('admin') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(suite.app.homecam.config.get().http);
    expectError(await suite.app.inject({ url: '/api/config/nosuch', headers: suite.bearer('admin') }), 404, 'NOT_FOUND');
    expectError(await suite.app.inject({ url: '/api/config/constructor', headers: suite.bearer('admin') }), 404, 'NOT_FOUND');
  });

  it('PATCH /api/config/:section merges into that section and answers the saved file', async () => {
    const response = await suite.app.inject({
      method: 'PATCH',
      url: '/api/config/smtp',
      headers: suite.bearer('admin'),
      payload: { active: true, port: 2525 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ smtp: { active: true, port: 2525, space_replace: '+' } });
    expect(JSON.parse(await read())).toMatchObject({ smtp: { active: true, port: 2525 } });
  });

  it('PATCH /api/config/:section validates with the full path and keeps the file', async () => {
    const before = await read();
    const bad = await suite.app.inject({ method: 'PATCH', url: '/api/config/ftp', headers: suite.bearer('admin'), payload: { port: 70000 } });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json()).toMatchObject({ error: { details: [{ path: 'ftp.port' }] } });
    const empty = await suite.app.inject({ method: 'PATCH', url: '/api/config/ftp', headers: suite.bearer('admin') });
    expectError(empty, 400, 'VALIDATION_FAILED');
    expectError(await suite.app.inject({ method: 'PATCH', url: '/api/config/nosuch', headers: suite.bearer('admin'), payload: {} }), 404, 'NOT_FOUND');
    expect(await read()).toBe(before);
  });

  it('PATCH /api/config/port sets a known but absent top-level key', async () => {
    const response = await suite.app.inject({
      method: 'PATCH',
      url: '/api/config/port',
      headers: { ...suite.bearer('admin'), 'content-type': 'application/json' },
      payload: '8082',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ port: 8082 });
  });

  it('GET /api/config/download answers the stored file as an attachment', async () => {
    const response = await suite.app.inject({ url: '/api/config/download', headers: suite.bearer('admin') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="config.json"');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toBe(await read());
  });

  it('GET /api/config/stat answers size and times', async () => {
    const response = await suite.app.inject({ url: '/api/config/stat', headers: suite.bearer('admin') });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ size: number; modifiedAt: string; createdAt: string }>();
    expect(body.size).toBe((await stat(configPath())).size);
    expect(Date.parse(body.modifiedAt)).not.toBeNaN();
    expect(Date.parse(body.createdAt)).not.toBeNaN();
  });

  it('every admin config route refuses a non-admin with 403', async () => {
    const { token } = await signedInUser(suite.app, ['settings:general:edit', 'settings:cameras:edit']);
    for (const url of ['/api/config', '/api/config/mqtt', '/api/config/download', '/api/config/stat']) {
      expectError(await suite.app.inject({ url, headers: bearer(token) }), 403, 'FORBIDDEN');
    }
    expectError(await suite.app.inject({ method: 'PATCH', url: '/api/config/mqtt', headers: bearer(token), payload: {} }), 403, 'FORBIDDEN');
    for (const method of ['PUT', 'PATCH'] as const) {
      expectError(await suite.app.inject({ method, url: '/api/config', headers: bearer(token), payload: {} }), 403, 'FORBIDDEN');
    }
  });

  it('a listener that throws does not fail the write', async () => {
    const unsubscribe = suite.app.homecam.config.onChange(() => {
      throw new Error('broken subscriber');
    });
    const response = await suite.app.inject({
      method: 'PATCH',
      url: '/api/config/atHomeSwitch',
      headers: { ...suite.bearer('admin'), 'content-type': 'application/json' },
      payload: 'true',
    });
    unsubscribe();
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(await read())).toMatchObject({ atHomeSwitch: true });
  });
});
