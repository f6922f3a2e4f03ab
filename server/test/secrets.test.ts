import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { IMAGE_BYTES, multipartFile } from './helpers/http.js';
import { LogCapture } from './helpers/log-capture.js';
import { closeAllSockets, connectOutcome, socketClient } from './helpers/socket.js';
import { createTestApp, listen } from './helpers/test-app.js';
import { bearer, createUser, login } from './helpers/users.js';

const PASSWORD = 'Sup3r-Secret-Passw0rd';
const NEW_PASSWORD = 'An0ther-Secret-Passw0rd';
const MQTT_PASSWORD = 'mqtt-Secret-Value';

let app: HomecamApp;
const logs = new LogCapture();
const responses: string[] = [];
const tokens: string[] = [];

async function call(options: InjectOptions) {
  const response = await app.inject(options);
  responses.push(`${JSON.stringify(response.headers)}\n${response.body}`);
  return response;
}

beforeAll(async () => {
  // trace: the most the logger will ever write.
  app = await createTestApp({ logLevel: 'trace', logStream: logs });
  const url = await listen(app);
  const admin = await createUser(app, ['admin'], { username: 'root', password: PASSWORD });

  const signIn = await call({ method: 'POST', url: '/api/auth/login', payload: { username: 'root', password: PASSWORD } });
  const token = signIn.json<{ access_token: string }>().access_token;
  tokens.push(token);
  const auth = bearer(token);
  await call({ method: 'POST', url: '/api/auth/login', payload: { username: 'root', password: `${PASSWORD}x` } });
  await call({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: `{"password":"${PASSWORD}"` });
  await call({ url: '/api/auth/check', headers: auth });
  await call({ url: '/api/users', headers: auth });
  await call({ url: `/api/users/${admin.id}`, headers: auth });
  const created = await call({ method: 'POST', url: '/api/users', headers: auth, payload: { username: 'vic', password: PASSWORD, permissionLevel: ['dashboard:access'] } });
  await call({ method: 'PATCH', url: `/api/users/${created.json<{ id: number }>().id}`, headers: auth, payload: { password: NEW_PASSWORD } });
  await call({ method: 'PATCH', url: `/api/users/${admin.id}`, headers: auth, payload: { password: NEW_PASSWORD, currentPassword: PASSWORD } });
  await call({ method: 'PATCH', url: `/api/users/${admin.id}`, headers: auth, payload: { password: PASSWORD, currentPassword: 'wrong' } });
  const photo = multipartFile('photo', 'p.png', 'image/png', IMAGE_BYTES.png);
  await call({ method: 'PUT', url: `/api/users/${admin.id}/photo`, headers: { ...auth, ...photo.headers }, payload: photo.payload });
  await call({ method: 'PATCH', url: '/api/config/mqtt', headers: auth, payload: { password: MQTT_PASSWORD, port: 'x' } });
  await call({ url: '/files/none.png', cookies: { homecam_session: token } });
  await call({ method: 'POST', url: '/api/auth/logout', headers: auth });

  const second = (await login(app, 'vic', NEW_PASSWORD)).body.access_token;
  tokens.push(second);
  expect(await connectOutcome(socketClient(url, second))).toBe('connected');
  expect(await connectOutcome(socketClient(url, `${second}x`))).toBe('UNAUTHENTICATED');
  closeAllSockets();
});
afterAll(() => app.close());

describe('secrets', () => {
  it('no response carries a password hash', () => {
    expect(responses.length).toBeGreaterThan(10);
    for (const response of responses) {
      expect(response).not.toMatch(/\$argon2/);
      expect(response).not.toMatch(/password_?hash/i);
    }
  });

  it('no response echoes a password', () => {
    for (const response of responses) {
      expect(response).not.toContain(PASSWORD);
      expect(response).not.toContain(NEW_PASSWORD);
    }
  });

  it('the log never contains a password, a token or a hash', () => {
    // The access lines (debug, this test logs at trace) are there: the requests themselves were logged.
    expect(logs.text).toContain('"msg":"request"');
    expect(logs.text.length).toBeGreaterThan(1000);
    for (const secret of [PASSWORD, NEW_PASSWORD, MQTT_PASSWORD, ...tokens]) expect(logs.text).not.toContain(secret);
    expect(logs.text).not.toMatch(/\$argon2/);
  });

  it('censors credentials that code might log by mistake', () => {
    app.log.info({ req: { headers: { authorization: `Bearer ${tokens[0]}`, cookie: `homecam_session=${tokens[0]}` } }, body: { password: PASSWORD } }, 'oops');
    app.log.info({ user: { token: tokens[0], passwordHash: '$argon2id$v=19$m=1,t=1,p=1$abc$def' } }, 'oops again');
    for (const secret of [PASSWORD, ...tokens]) expect(logs.text).not.toContain(secret);
    expect(logs.text).not.toMatch(/\$argon2/);
    expect(logs.text).toContain('[redacted]');
  });

  it('a 500 answers a generic message without stack or detail', async () => {
    const original = app.homecam.config.stat.bind(app.homecam.config);
    app.homecam.config.stat = () => Promise.reject(new Error(`disk exploded at /secret/path with ${PASSWORD}`));
    try {
      const admin = await createUser(app, ['admin']);
      const token = (await app.homecam.auth.createSession(admin, { ip: null, userAgent: null })).token;
      const response = await app.inject({ url: '/api/config/stat', headers: bearer(token) });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: 'internal server error' } });
      // The real error is logged for the operator.
      expect(logs.text).toContain('disk exploded');
    } finally {
      app.homecam.config.stat = original;
    }
  });
});
