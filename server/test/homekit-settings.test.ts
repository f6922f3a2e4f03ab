import type { HomekitStatus } from '@homecam/shared';
import { freePort, waitFor } from '@homecam/tools';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { expectError } from './helpers/http.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { ALL_BUT_ADMIN, bearer, signedInUser } from './helpers/users.js';

/**
 * Settings → System → HomeKit through the whole app and the real bridge (hap-nodejs on 127.0.0.1 only, so
 * nothing is advertised on the LAN): GET/PATCH /api/homekit and the pairing reset, admin only, config.json
 * `homekit` written through the config service and followed by the bridge.
 */
let app: HomecamApp;
let dataDir: string;
let admin: Record<string, string>;
let port: number;

beforeAll(async () => {
  dataDir = await makeDataDir();
  port = await freePort();
  await writeFile(join(dataDir, 'config.json'), JSON.stringify({ recordings: { active: false }, homekit: { active: false, port, bind: ['127.0.0.1'] } }));
  app = await createTestApp({ dataDir });
  admin = bearer((await signedInUser(app, ['admin'])).token);
});
afterAll(() => app?.close());

const get = async () => (await app.inject({ method: 'GET', url: '/api/homekit', headers: admin })).json<HomekitStatus>();
const patch = (payload: object) => app.inject({ method: 'PATCH', url: '/api/homekit', headers: admin, payload });
const reset = () => app.inject({ method: 'POST', url: '/api/homekit/reset', headers: admin });
const configOnDisk = async () => (JSON.parse(await readFile(join(dataDir, 'config.json'), 'utf8')) as { homekit: Record<string, unknown> }).homekit;

describe('HomeKit settings over the real bridge', () => {
  it('is off by default: state off, no HAP server', async () => {
    expect(await get()).toMatchObject({ active: false, state: 'off', port, paired: false, pairings: 0, lastError: null });
  });

  it('non-admins get 403 on every HomeKit route, even with every other permission; anonymous 401', async () => {
    const other = bearer((await signedInUser(app, ALL_BUT_ADMIN)).token);
    expectError(await app.inject({ method: 'GET', url: '/api/homekit', headers: other }), 403, 'FORBIDDEN');
    expectError(await app.inject({ method: 'PATCH', url: '/api/homekit', headers: other, payload: { active: true } }), 403, 'FORBIDDEN');
    expectError(await app.inject({ method: 'POST', url: '/api/homekit/reset', headers: other }), 403, 'FORBIDDEN');
    expectError(await app.inject({ method: 'GET', url: '/api/homekit' }), 401, 'UNAUTHENTICATED');
    expect((await get()).active).toBe(false);
  });

  it('PATCH refuses a bad port, an empty name and unknown keys (bind is config.json only) with 400 and writes nothing', async () => {
    const before = await readFile(join(dataDir, 'config.json'), 'utf8');
    for (const body of [{ port: 80 }, { port: 70_000 }, { port: '51826' }, { name: '   ' }, { name: 'x'.repeat(65) }, { bind: ['0.0.0.0'] }, { active: 'yes' }]) {
      expectError(await patch(body), 400, 'VALIDATION_FAILED');
    }
    expect(await readFile(join(dataDir, 'config.json'), 'utf8')).toBe(before);
  });

  it('PATCH active:true writes config.json, keeps bind, starts the bridge: the admin sees the setup code and its QR URI', async () => {
    const response = await patch({ active: true, name: '  Our House ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ active: true, name: 'Our House', port });
    expect(await configOnDisk()).toEqual({ active: true, name: 'Our House', port, bind: ['127.0.0.1'] });
    const running = await waitFor(async () => ((await get()).state === 'running' ? get() : null), { timeoutMs: 20_000, message: 'the bridge running' });
    expect(running.setupCode).toMatch(/^\d{3}-\d{2}-\d{3}$/);
    expect(running.setupUri).toMatch(/^X-HM:\/\/[0-9A-Z]{13}$/);
    expect(running.bridgeId).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
    expect(running).toMatchObject({ paired: false, pairings: 0, lastError: null });
  });

  it('reset makes a new setup code and bridge id, and the bridge runs again', async () => {
    const before = await get();
    const response = await reset();
    expect(response.statusCode).toBe(200);
    const after = response.json<HomekitStatus>();
    expect(after.bridgeId).not.toBe(before.bridgeId);
    expect(after.setupCode).toMatch(/^\d{3}-\d{2}-\d{3}$/);
    expect(`${after.setupCode} ${after.setupUri}`).not.toBe(`${before.setupCode} ${before.setupUri}`);
    await waitFor(async () => (await get()).state === 'running', { timeoutMs: 20_000, message: 'running after the reset' });
    expect((await get()).setupCode).toBe(after.setupCode);
  });

  it('PATCH active:false stops the bridge and keeps the identity for the next start', async () => {
    const code = (await get()).setupCode;
    expect((await patch({ active: false })).statusCode).toBe(200);
    await waitFor(async () => (await get()).state === 'off', { timeoutMs: 10_000, message: 'the bridge off' });
    expect(await get()).toMatchObject({ active: false, name: 'Our House', setupCode: code });
    expect((await configOnDisk()).active).toBe(false);
  });
});
