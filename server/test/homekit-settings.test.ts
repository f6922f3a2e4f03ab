import type { HomekitStatus } from '@homecam/shared';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import type { HomekitBridgeControl } from '../src/homekit/bridge-control.js';
import { expectError } from './helpers/http.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { ALL_BUT_ADMIN, bearer, signedInUser } from './helpers/users.js';

/**
 * Settings → System → HomeKit through the whole app: GET/PATCH /api/homekit and the pairing reset, admin only,
 * config.json `homekit` written through the config service. The bridge is an in-memory stand-in that follows
 * config.json like the real one does (the real bridge's own tests pair with it over HAP).
 */
class MemoryBridge implements HomekitBridgeControl {
  code = '111-22-333';
  pairings = 1;
  constructor(private readonly app: () => HomecamApp) {}
  status(): HomekitStatus {
    const settings = this.app().homecam.config.get().homekit;
    const active = settings?.active ?? false;
    return {
      active,
      state: active ? 'running' : 'off',
      name: settings?.name ?? 'HomeCam Bridge',
      port: settings?.port ?? 51826,
      setupCode: this.code,
      setupUri: `X-HM://${this.code.replaceAll('-', '')}`,
      bridgeId: 'AA:BB:CC:DD:EE:FF',
      paired: this.pairings > 0,
      pairings: this.pairings,
      accessories: 0,
      lastError: null,
    };
  }
  reset(): Promise<HomekitStatus> {
    this.code = '444-55-666';
    this.pairings = 0;
    return Promise.resolve(this.status());
  }
}

let app: HomecamApp;
let dataDir: string;
let admin: Record<string, string>;

beforeAll(async () => {
  dataDir = await makeDataDir();
  app = await createTestApp({ dataDir });
  admin = bearer((await signedInUser(app, ['admin'])).token);
});
afterAll(() => app.close());

const get = () => app.inject({ method: 'GET', url: '/api/homekit', headers: admin });
const patch = (payload: unknown) => app.inject({ method: 'PATCH', url: '/api/homekit', headers: admin, payload: payload as object });

describe('HomeKit settings without a bridge built in', () => {
  it('GET reports the config, state off and no setup code; reset answers 409 HOMEKIT_UNAVAILABLE', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ active: false, state: 'off', name: 'HomeCam Bridge', port: 51826, setupCode: null, paired: false });
    expectError(await app.inject({ method: 'POST', url: '/api/homekit/reset', headers: admin }), 409, 'HOMEKIT_UNAVAILABLE');
  });
});

describe('HomeKit settings with a bridge', () => {
  beforeAll(() => {
    Object.assign(app.homecam, { homekit: new MemoryBridge(() => app) });
  });

  it('an admin gets the status with the setup code and its QR payload', async () => {
    const body = (await get()).json<HomekitStatus>();
    expect(body.setupCode).toMatch(/^\d{3}-\d{2}-\d{3}$/);
    expect(body.setupUri).toMatch(/^X-HM:\/\//);
    expect(body).toMatchObject({ paired: true, pairings: 1 });
  });

  it('non-admins get 403 on every HomeKit route, even with every other permission; anonymous 401', async () => {
    const other = bearer((await signedInUser(app, ALL_BUT_ADMIN)).token);
    expectError(await app.inject({ method: 'GET', url: '/api/homekit', headers: other }), 403, 'FORBIDDEN');
    expectError(await app.inject({ method: 'PATCH', url: '/api/homekit', headers: other, payload: { active: true } }), 403, 'FORBIDDEN');
    expectError(await app.inject({ method: 'POST', url: '/api/homekit/reset', headers: other }), 403, 'FORBIDDEN');
    expectError(await app.inject({ method: 'GET', url: '/api/homekit' }), 401, 'UNAUTHENTICATED');
    expect((await get()).json<HomekitStatus>().setupCode).toBe('111-22-333');
  });

  it('PATCH refuses a bad port, an empty name and unknown keys with 400 VALIDATION_FAILED and writes nothing', async () => {
    const before = await readFile(join(dataDir, 'config.json'), 'utf8');
    for (const body of [{ port: 80 }, { port: 70000 }, { port: '51826' }, { name: '   ' }, { bind: ['0.0.0.0'] }, { active: 'yes' }]) {
      expectError(await patch(body), 400, 'VALIDATION_FAILED');
    }
    expect(await readFile(join(dataDir, 'config.json'), 'utf8')).toBe(before);
  });

  it('PATCH writes config.json homekit, keeps the keys it was not given, and GET reflects it', async () => {
    const response = await patch({ active: true, name: '  Our House ', port: 51999 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ active: true, state: 'running', name: 'Our House', port: 51999 });
    const written = JSON.parse(await readFile(join(dataDir, 'config.json'), 'utf8')) as { homekit: object };
    expect(written.homekit).toMatchObject({ active: true, name: 'Our House', port: 51999 });
    await patch({ active: false });
    expect((await get()).json()).toMatchObject({ active: false, state: 'off', name: 'Our House', port: 51999 });
  });

  it('reset unpairs and changes the setup code', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/homekit/reset', headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ setupCode: '444-55-666', paired: false, pairings: 0 });
    expect((await get()).json<HomekitStatus>().setupCode).toBe('444-55-666');
  });
});
