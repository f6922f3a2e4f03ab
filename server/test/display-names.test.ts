import type { Camera, CameraStatus } from '@homecam/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { expectError } from './helpers/http.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * Finding N11: the fuzz created cameras named NUL, a lone surrogate and `\u202Egnp.exe` (which reads as `exe.png`).
 * Every display name a user types refuses control characters, lone surrogates and bidi overrides/isolates; a
 * hand-edited config.json with such a camera name still starts, and that camera is shown in error.
 */
const BAD_NAMES = ['\u0000', 'Door\u0007', '\ud800', 'Cam\udc00x', '\u202egnp.exe', 'a\u202ab', 'a\u2066b\u2069', 'Line\u2028break', 'C1\u0085'];
const GOOD_NAMES = ['Küche', 'ห้องนั่งเล่น', '🚪 Front door', 'שער', 'Garage 2'];
const SPOOFED = '\u202egnp.exe';

let app: HomecamApp;
let admin: string;

beforeAll(async () => {
  // A hand edit: one camera whose name no write would accept, beside a good one.
  const dataDir = await makeDataDir({ cameras: [{ name: SPOOFED, videoConfig: { source: 'demo:' } }, { name: 'Fine', videoConfig: { source: 'demo:' } }] });
  app = await createTestApp({ dataDir });
  admin = (await signedInUser(app, ['admin'])).token;
});
afterAll(() => app.close());

const call = (method: 'POST' | 'PATCH', url: string, payload: unknown): Promise<LightMyRequestResponse> =>
  app.inject({ method, url, headers: bearer(admin), payload: payload as Record<string, unknown> });
const firstIssue = (response: LightMyRequestResponse) =>
  response.json<{ error: { details: { path: string; message: string }[] } }>().error.details[0];

describe('display names refuse control characters, lone surrogates and bidi controls (NAME_CHARACTERS_INVALID)', () => {
  it('camera names and rooms, on create, rename and through PATCH /api/config/cameras', async () => {
    for (const name of BAD_NAMES) {
      const created = await call('POST', '/api/cameras', { name, videoConfig: { source: 'demo:' } });
      expectError(created, 400, 'VALIDATION_FAILED');
      expect(firstIssue(created)).toMatchObject({ path: 'name', message: 'NAME_CHARACTERS_INVALID' });
      const renamed = await call('PATCH', '/api/cameras/Fine', { name });
      expectError(renamed, 400, 'VALIDATION_FAILED');
      const room = await call('PATCH', '/api/cameras/Fine', { room: `Room ${name}` });
      expect(firstIssue(room)).toMatchObject({ path: 'room', message: 'NAME_CHARACTERS_INVALID' });
    }
    const cameras = app.homecam.config.get().cameras;
    const viaConfig = await call('PATCH', '/api/config/cameras', [...cameras, { name: 'x\u202ey', videoConfig: { source: 'demo:' } }]);
    expectError(viaConfig, 400, 'VALIDATION_FAILED');
    expect(firstIssue(viaConfig)).toMatchObject({ path: 'cameras.2.name', message: 'NAME_CHARACTERS_INVALID' });
    for (const name of GOOD_NAMES) expect((await call('POST', '/api/cameras', { name, room: name, videoConfig: { source: 'demo:' } })).statusCode).toBe(201);
  });

  it('room names, the HomeKit bridge name and user names', async () => {
    for (const name of BAD_NAMES) {
      const room = await call('POST', '/api/rooms', { name });
      expectError(room, 400, 'VALIDATION_FAILED');
      expect(firstIssue(room)?.message).toBe('NAME_CHARACTERS_INVALID');
      const bridge = await call('PATCH', '/api/homekit', { name });
      expectError(bridge, 400, 'VALIDATION_FAILED');
      const user = await call('POST', '/api/users', { username: name, password: 'long-enough-1', permissionLevel: ['dashboard:access'] });
      expectError(user, 400, 'VALIDATION_FAILED');
    }
    expect((await call('POST', '/api/rooms', { name: 'Werkstatt ⚙' })).statusCode).toBe(201);
  });

  it('a hand-edited camera with such a name loads, is listed, and is in error; the others run and stay writable', async () => {
    const list = (await app.inject({ url: '/api/cameras', headers: bearer(admin) })).json<{ result: Camera[] }>().result;
    expect(list.map((camera) => camera.name)).toContain(SPOOFED);
    const status = (name: string) =>
      app.inject({ url: `/api/cameras/${encodeURIComponent(name)}/status`, headers: bearer(admin) }).then((r) => r.json<CameraStatus>());
    const spoofed = await status(SPOOFED);
    expect(spoofed.state).toBe('error');
    expect(spoofed.reason).toMatch(/^camera name: .*rename the camera in config\.json/);
    expect((await status('Fine')).state).not.toBe('error');
    // The planted name does not block other writes, and renaming it to a good name clears the error.
    expect((await call('PATCH', '/api/cameras/Fine', { room: 'Hall' })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/cameras/${encodeURIComponent(SPOOFED)}`, { name: 'exe.png' })).statusCode).toBe(200);
    expect((await status('exe.png')).state).not.toBe('error');
  });
});
