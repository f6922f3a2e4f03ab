import { CONFIG_MAX_DEPTH } from '@homecam/shared';
import { readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { ConfigLoadError } from '../src/services/config.service.js';
import { expectError } from './helpers/http.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * Writes of config.json: PATCH is an RFC 7396 merge patch, PUT the whole file; neither loses the cameras or a
 * section without `?confirm=`, and nothing past the nesting and size caps is written or loaded (finding #17).
 */
const FILE = {
  plugins: [{ name: 'homebridge-x' }],
  http: { active: false, port: 7272, legacy: 'old' },
  mqtt: { host: 'broker', username: 'mq', password: 'mq-pa55' },
  cameras: [{ name: 'Door', videoConfig: { source: 'rtsp://cam/live' }, hksv: { active: true } }],
};
let app: HomecamApp;
let admin: string;
let path: string;

const read = (): Promise<string> => readFile(path, 'utf8');
const file = async (): Promise<Record<string, unknown>> => JSON.parse(await read()) as Record<string, unknown>;
const write = (method: 'PUT' | 'PATCH', url: string, payload: unknown) =>
  app.inject({ method, url, headers: { ...bearer(admin), 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

beforeAll(async () => {
  const dataDir = await makeDataDir();
  path = join(dataDir, 'config.json');
  await writeFile(path, JSON.stringify(FILE));
  app = await createTestApp({ dataDir });
  admin = (await signedInUser(app, ['admin'])).token;
});
afterAll(() => app.close());
// Every test starts from FILE (as saved through the API, so with the defaults written).
beforeEach(async () => {
  expect((await write('PUT', '/api/config?confirm=remove-sections', FILE)).statusCode).toBe(200);
});

describe('PATCH /api/config (merge patch)', () => {
  it('a partial body changes only what it names: the cameras and every other key stay', async () => {
    const response = await write('PATCH', '/api/config', { http: { active: true } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ http: { active: true, port: 7272, legacy: 'old' }, cameras: FILE.cameras });
    expect(await file()).toMatchObject({ ...FILE, http: { active: true, port: 7272, legacy: 'old' } });
  });

  it('null removes a key, arrays replace', async () => {
    const response = await write('PATCH', '/api/config', { http: { legacy: null }, exclude: ['Door'], mqtt: { password: 'new' } });
    expect(response.statusCode).toBe(200);
    const saved = await file();
    expect(saved.http).not.toHaveProperty('legacy');
    expect(saved).toMatchObject({ exclude: ['Door'], mqtt: { host: 'broker', username: 'mq', password: 'new' } });
  });

  it('removing every camera or a section needs ?confirm=, else 409 CONFIG_DESTRUCTIVE and the file stays', async () => {
    const before = await read();
    const cameras = await write('PATCH', '/api/config', { cameras: [] });
    expectError(cameras, 409, 'CONFIG_DESTRUCTIVE');
    expect(cameras.json()).toMatchObject({ error: { details: { confirm: ['remove-cameras'], keys: ['cameras'] } } });
    const section = await write('PATCH', '/api/config', { plugins: null });
    expectError(section, 409, 'CONFIG_DESTRUCTIVE');
    expect(section.json()).toMatchObject({ error: { details: { confirm: ['remove-sections'], keys: ['plugins'] } } });
    expect(await read()).toBe(before);

    expect((await write('PATCH', '/api/config?confirm=remove-cameras', { cameras: [] })).statusCode).toBe(200);
    expect((await write('PATCH', '/api/config?confirm=remove-sections', { plugins: null })).statusCode).toBe(200);
    expect(await file()).toMatchObject({ cameras: [] });
    expect(await file()).not.toHaveProperty('plugins');
  });

  it('an invalid result is 400 with the path, an unknown confirm value 400, and the file stays', async () => {
    const before = await read();
    const invalid = await write('PATCH', '/api/config', { http: { port: 'x' } });
    expectError(invalid, 400, 'VALIDATION_FAILED');
    expect(invalid.json()).toMatchObject({ error: { details: [{ path: 'http.port' }] } });
    expectError(await write('PATCH', '/api/config?confirm=everything', { cameras: [] }), 400, 'VALIDATION_FAILED');
    expectError(await write('PATCH', '/api/config', ['not', 'an', 'object']), 400, 'VALIDATION_FAILED');
    expect(await read()).toBe(before);
  });
});

describe('PUT /api/config (the whole file)', () => {
  it('answers the saved file; sending back what GET answered changes nothing', async () => {
    const current: unknown = (await app.inject({ url: '/api/config', headers: bearer(admin) })).json();
    const before = await read();
    const response = await write('PUT', '/api/config', current);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(current);
    expect(await read()).toBe(before);
  });

  it('a body without the cameras and sections is refused unless confirmed', async () => {
    const before = await read();
    const response = await write('PUT', '/api/config', { http: { active: true } });
    expectError(response, 409, 'CONFIG_DESTRUCTIVE');
    expect(response.json()).toMatchObject({ error: { details: { confirm: ['remove-cameras', 'remove-sections'] } } });
    const { keys } = response.json<{ error: { details: { keys: string[] } } }>().error.details;
    expect(keys).toEqual(expect.arrayContaining(['cameras', 'plugins', 'mqtt']));
    expect(await read()).toBe(before);
    const confirmed = await write('PUT', '/api/config?confirm=remove-cameras&confirm=remove-sections', { http: { active: true } });
    expect(confirmed.statusCode).toBe(200);
    expect(await file()).toMatchObject({ http: { active: true }, cameras: [] });
  });
});

describe('PATCH /api/config/:section (merge patch of the section)', () => {
  it('merges into the section and keeps its other keys (the mqtt password)', async () => {
    const response = await write('PATCH', '/api/config/mqtt', { host: 'other' });
    expect(response.statusCode).toBe(200);
    expect(await file()).toMatchObject({ mqtt: { host: 'other', username: 'mq', password: 'mq-pa55' } });
  });

  it('a JSON null removes the section only with ?confirm=remove-sections', async () => {
    expectError(await write('PATCH', '/api/config/plugins', null), 409, 'CONFIG_DESTRUCTIVE');
    expect((await write('PATCH', '/api/config/plugins?confirm=remove-sections', null)).statusCode).toBe(200);
    expect(await file()).not.toHaveProperty('plugins');
  });
});

describe('nesting and size caps (finding #17)', () => {
  it('a camera PATCH nested 3,000 levels (6 KB) is refused (400, by the JSON depth limit before the config caps); the file and every route stay fine', async () => {
    const before = await read();
    const body = JSON.stringify({ x: nested(3000) });
    expect(body.length).toBeLessThan(7_000);
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/cameras/Door',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: body,
    });
    // The body parser's depth limit (64) answers first; CONFIG_TOO_DEEP guards depths between the two caps (below).
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(await read()).toBe(before);
    for (const url of ['/api/cameras', '/api/config', '/api/rooms']) {
      expect((await app.inject({ url, headers: bearer(admin) })).statusCode).toBe(200);
    }
  });

  it('just past the cap is refused with the path, just within it is written', async () => {
    // A camera's value sits under three containers (file, cameras, camera): CONFIG_MAX_DEPTH - 3 levels fit.
    const fits = await write('PATCH', '/api/cameras/Door', { deep: nested(CONFIG_MAX_DEPTH - 3) });
    expect(fits.statusCode).toBe(200);
    const tooDeep = await write('PATCH', '/api/cameras/Door', { deep: nested(CONFIG_MAX_DEPTH - 2) });
    expectError(tooDeep, 400, 'CONFIG_TOO_DEEP');
    expect(tooDeep.json<{ error: { details: { path: string }[] } }>().error.details[0]?.path).toMatch(/^deep\.0\.0/);
    expectError(await write('PATCH', '/api/config', { extra: nested(CONFIG_MAX_DEPTH) }), 400, 'CONFIG_TOO_DEEP');
    const section = await write('PATCH', '/api/config/http', { extra: nested(CONFIG_MAX_DEPTH - 1) });
    expectError(section, 400, 'CONFIG_TOO_DEEP');
    expect(section.json<{ error: { details: { path: string }[] } }>().error.details[0]?.path).toMatch(/^http\.extra\.0/);
  });

  it('a write that would make the file larger than the cap is 400 CONFIG_TOO_LARGE, nothing written', async () => {
    // 900 KB in texts within the 4,096-character cap (text-caps.ts); five of them pass the 4 MiB file cap.
    const chunk = Array.from({ length: 225 }, () => 'x'.repeat(4_096));
    let last = await write('PATCH', '/api/config', { blob0: chunk });
    for (let i = 1; i < 5 && last.statusCode === 200; i++) {
      const before = await read();
      last = await write('PATCH', '/api/config', { [`blob${i}`]: chunk });
      if (last.statusCode !== 200) expect(await read()).toBe(before);
    }
    expectError(last, 400, 'CONFIG_TOO_LARGE');
  });
});

describe('loading a file past the caps', () => {
  it('refuses to start with a message naming where, instead of failing every route', async () => {
    const dataDir = await makeDataDir();
    await writeFile(join(dataDir, 'config.json'), JSON.stringify({ cameras: [{ name: 'Door', x: nested(3000) }] }, null, 2));
    await expect(createTestApp({ dataDir })).rejects.toThrow(ConfigLoadError);
    await expect(createTestApp({ dataDir })).rejects.toThrow(/larger than|cameras\.0\.x\.0\.0.*nests deeper than 32 levels/);
    await writeFile(join(dataDir, 'config.json'), JSON.stringify({ cameras: [{ name: 'Door', x: nested(40) }] }));
    await expect(createTestApp({ dataDir })).rejects.toThrow(/^config\.json: cameras\.0\.x(\.0)+: nests deeper than 32 levels$/);
  });

  it('a hot reload of such a file keeps the last good config', async () => {
    const before = app.homecam.config.get();
    await writeFile(path, JSON.stringify({ ...FILE, extra: nested(CONFIG_MAX_DEPTH) }));
    await expect(app.homecam.config.reload()).rejects.toThrow(/nests deeper than 32 levels/);
    expect(app.homecam.config.get()).toEqual(before);
    expect((await app.inject({ url: '/api/cameras', headers: bearer(admin) })).statusCode).toBe(200);
  });
});

describe('what the config editor relies on', () => {
  it('a 400 names every bad key with its path segments, so the editor can place it at its line', async () => {
    const response = await write('PUT', '/api/config', {
      ...FILE,
      recordings: { removeAfter: 'soon' },
      cameras: [{ ...FILE.cameras[0], videoConfig: { source: 'rtsp://cam/live', probeSize: 5 } }],
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    const details = response.json<{ error: { details: { path: string; segments: unknown[] }[] } }>().error.details;
    expect(details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'recordings.removeAfter', segments: ['recordings', 'removeAfter'] }),
        expect.objectContaining({ path: 'cameras.0.videoConfig.probeSize', segments: ['cameras', 0, 'videoConfig', 'probeSize'] }),
      ]),
    );
  });

  it('?ifModifiedAt= refuses to overwrite a file modified since it was read (409 CONFIG_CHANGED), nothing written', async () => {
    const stat = async () => (await app.inject({ url: '/api/config/stat', headers: bearer(admin) })).json<{ modifiedAt: string }>();
    const loaded = await stat();
    // What the editor holds: GET /api/config (the defaults written out), so nothing counts as removed.
    const current = (await app.inject({ url: '/api/config', headers: bearer(admin) })).json<Record<string, unknown>>();
    const at = encodeURIComponent(loaded.modifiedAt);
    // Saving against the time just read works, and moves the time on.
    expect((await write('PUT', `/api/config?ifModifiedAt=${at}`, { ...current, logLevel: 'warn' })).statusCode).toBe(200);
    const saved = await stat();
    // A hand edit (a later modification time than the one read) is not overwritten by the stale editor.
    await writeFile(path, `${JSON.stringify({ ...current, logLevel: 'debug' }, null, 2)}\n`);
    await utimes(path, new Date(), new Date(Date.parse(saved.modifiedAt) + 5_000));
    const before = await read();
    const stale = await write('PUT', `/api/config?ifModifiedAt=${encodeURIComponent(saved.modifiedAt)}`, current);
    expectError(stale, 409, 'CONFIG_CHANGED');
    expect(stale.json()).toMatchObject({ error: { details: { modifiedAt: (await stat()).modifiedAt } } });
    expectError(await write('PATCH', `/api/config?ifModifiedAt=${encodeURIComponent(saved.modifiedAt)}`, { logLevel: 'info' }), 409, 'CONFIG_CHANGED');
    expect(await read()).toBe(before);
    // Without the parameter (older clients) the write goes ahead; a malformed time is a 400.
    expectError(await write('PUT', '/api/config?ifModifiedAt=yesterday', current), 400, 'VALIDATION_FAILED');
    expect((await write('PUT', '/api/config', current)).statusCode).toBe(200);
  });
});
