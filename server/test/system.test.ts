import { APP_VERSION, type AtHomeSettings, type SystemDisk, type SystemInfo, type SystemStatus } from '@homecam/shared';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { expectError } from './helpers/http.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/** Cameras that are never started (a closed port): enough for names, statuses and motion rules. */
const NOWHERE = { source: 'rtsp://127.0.0.1:9/none' };
const CONFIG = {
  recordings: { active: false },
  cameras: [
    { name: 'Front Door', videoConfig: NOWHERE, motionTimeout: 0 },
    { name: 'Garden', videoConfig: NOWHERE, motionTimeout: 0 },
    { name: 'Garage', videoConfig: NOWHERE, disable: true },
  ],
};

let app: HomecamApp;
let dataDir: string;
let admin: string;

async function startApp(options: Parameters<typeof createTestApp>[0] = {}): Promise<HomecamApp> {
  const dir = await makeDataDir();
  await writeFile(join(dir, 'config.json'), JSON.stringify(CONFIG));
  return createTestApp({ dataDir: dir, ...options });
}

beforeAll(async () => {
  app = await startApp({ supervised: true });
  dataDir = app.homecam.dataDir;
  admin = (await signedInUser(app, ['admin'])).token;
});
afterAll(() => app.close());

const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) });

describe('GET /api/system/info', () => {
  it('shows versions, paths, disk space, log level and the supervised flag to an admin', async () => {
    const response = await get('/api/system/info', admin);
    expect(response.statusCode).toBe(200);
    const info = response.json<SystemInfo>();
    expect(info.version).toBe(APP_VERSION);
    expect(info.node).toEqual({ version: process.version, execPath: process.execPath });
    // The real ffmpeg the streams use: its version number and where it was found.
    expect(info.ffmpeg.version).toMatch(/^n?\d|^N-/);
    expect(info.ffmpeg.path).toMatch(/ffmpeg/);
    expect(['config', 'env', 'path', 'bundled']).toContain(info.ffmpeg.origin);
    expect(info.dataDir.path).toBe(dataDir);
    expect(info.recordingsDir.path).toBe(join(dataDir, 'recordings'));
    expect(info.dataDir.disk.totalBytes).toBeGreaterThan(0);
    expect(info.recordingsDir.disk.freeBytes).toBeGreaterThanOrEqual(0);
    expect(info.uptime.processSeconds).toBeGreaterThanOrEqual(0);
    expect(info.uptime.systemSeconds).toBeGreaterThan(0);
    expect(Date.parse(info.startedAt)).toBeLessThanOrEqual(Date.now());
    // The test app passes logLevel (as HOMECAM_LOG_LEVEL would): pinned.
    expect(info.logLevel).toEqual({ level: 'silent', configured: 'info', pinned: true });
    expect(info.os.platform).toBe(process.platform);
    expect(info.supervised).toBe(true);
    expect(info.atHome).toEqual({ atHome: false, exclude: [] });
  });

  it('is for admins only', async () => {
    const other = (await signedInUser(app, ['settings:general:edit', 'dashboard:access'])).token;
    expectError(await get('/api/system/info', other), 403, 'FORBIDDEN');
    expectError(await app.inject({ method: 'GET', url: '/api/system/info' }), 401, 'UNAUTHENTICATED');
  });

  it('follows config.json logLevel live when HOMECAM_LOG_LEVEL does not pin it', async () => {
    const free = await startApp({ logLevel: undefined, logStream: { write: () => undefined } });
    try {
      const token = (await signedInUser(free, ['admin'])).token;
      const patched = await free.inject({ method: 'PATCH', url: '/api/config', headers: bearer(token), payload: { logLevel: 'warn' } });
      expect(patched.statusCode).toBe(200);
      const info = (await free.inject({ url: '/api/system/info', headers: bearer(token) })).json<SystemInfo>();
      expect(info.logLevel).toEqual({ level: 'warn', configured: 'warn', pinned: false });
      expect(info.supervised).toBe(false);
    } finally {
      await free.close();
    }
  });
});

describe('dashboard status and disk', () => {
  it('any dashboard user sees version, uptime, cameras online/total and the recordings disk without paths', async () => {
    const viewer = (await signedInUser(app, ['dashboard:access'])).token;
    const status = await get('/api/system/status', viewer);
    expect(status.statusCode).toBe(200);
    const body = status.json<SystemStatus>();
    expect(body.version).toBe(APP_VERSION);
    // Three cameras; the disabled one is off air, the other two have not failed (nobody watches them yet).
    expect(body.cameras).toEqual({ online: 2, total: 3 });
    const disk = await get('/api/system/disk', viewer);
    expect(disk.statusCode).toBe(200);
    const space = disk.json<SystemDisk>();
    expect(space.recordingsBytes).toBe(0);
    expect(space.totalBytes).toBeGreaterThan(0);
    expect(disk.body).not.toContain(dataDir);

    const noDashboard = (await signedInUser(app, ['settings:general:edit'])).token;
    expectError(await get('/api/system/status', noDashboard), 403, 'FORBIDDEN');
    expectError(await get('/api/system/disk', noDashboard), 403, 'FORBIDDEN');
  });
});

describe('POST /api/system/restart', () => {
  it('answers 202 and then asks main.ts to restart, naming who asked in the log', async () => {
    const asked: string[] = [];
    const unsubscribe = app.homecam.bus.subscribe('RestartRequested', ({ reason }) => asked.push(reason));
    try {
      const response = await app.inject({ method: 'POST', url: '/api/system/restart', headers: bearer(admin) });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ restarting: true });
      expect(asked).toEqual(['admin']);
    } finally {
      unsubscribe();
    }
  });

  it('is 409 RESTART_UNAVAILABLE when nothing would start the server again, and admin-only', async () => {
    const lone = await startApp();
    try {
      const asked: string[] = [];
      lone.homecam.bus.subscribe('RestartRequested', ({ reason }) => asked.push(reason));
      const token = (await signedInUser(lone, ['admin'])).token;
      expectError(await lone.inject({ method: 'POST', url: '/api/system/restart', headers: bearer(token) }), 409, 'RESTART_UNAVAILABLE');
      const other = (await signedInUser(lone, ['settings:general:edit'])).token;
      expectError(await lone.inject({ method: 'POST', url: '/api/system/restart', headers: bearer(other) }), 403, 'FORBIDDEN');
      expect(asked).toEqual([]);
    } finally {
      await lone.close();
    }
  });
});

describe('At Home settings', () => {
  const patch = (token: string, payload: Record<string, unknown>) => app.inject({ method: 'PATCH', url: '/api/settings/at-home', headers: bearer(token), payload });

  it('switches At Home live: motion of cameras not excluded is skipped at once', async () => {
    const editor = (await signedInUser(app, ['settings:general:edit', 'settings:cameras:edit'])).token;
    const response = await patch(editor, { atHome: true, exclude: ['garden'] });
    expect(response.statusCode).toBe(200);
    // Stored as the camera is spelled.
    expect(response.json<AtHomeSettings>()).toEqual({ atHome: true, exclude: ['Garden'] });
    const file = JSON.parse(await readFile(join(dataDir, 'config.json'), 'utf8')) as Record<string, unknown>;
    expect(file).toMatchObject({ atHome: true, exclude: ['Garden'] });

    const motion = (camera: string) => app.inject({ method: 'PUT', url: `/api/cameras/${encodeURIComponent(camera)}/motion/start`, headers: bearer(editor) });
    expect((await motion('Front Door')).json()).toMatchObject({ accepted: false, skipped: true });
    expect((await motion('Garden')).json()).toMatchObject({ accepted: true });

    expect((await patch(editor, { atHome: false })).json<AtHomeSettings>()).toEqual({ atHome: false, exclude: ['Garden'] });
    expect((await motion('Front Door')).json()).toMatchObject({ accepted: true });
  });

  it('refuses unknown cameras with 400 and writes nothing', async () => {
    const before = await readFile(join(dataDir, 'config.json'), 'utf8');
    const response = await patch(admin, { atHome: true, exclude: ['Garden', 'Nowhere'] });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(response.json())).toContain('exclude.1');
    expectError(await patch(admin, { atHome: 'yes' }), 400, 'VALIDATION_FAILED');
    expectError(await patch(admin, { other: 1 }), 400, 'VALIDATION_FAILED');
    expect(await readFile(join(dataDir, 'config.json'), 'utf8')).toBe(before);
  });

  it('reads with settings:general:access, writes with :edit only', async () => {
    const reader = (await signedInUser(app, ['settings:general:access'])).token;
    expect((await get('/api/settings/at-home', reader)).statusCode).toBe(200);
    expectError(await patch(reader, { atHome: true }), 403, 'FORBIDDEN');
    const stranger = (await signedInUser(app, ['dashboard:access'])).token;
    expectError(await get('/api/settings/at-home', stranger), 403, 'FORBIDDEN');
  });
});
