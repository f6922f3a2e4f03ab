import { authCheckResponseSchema, loginResponseSchema } from '@homecam/shared';
import { afterEach, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { expectError } from './helpers/http.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, createUser, DEFAULT_TEST_PASSWORD, login, masterUser, signedInUser } from './helpers/users.js';

const apps: HomecamApp[] = [];
async function app(options: Parameters<typeof createTestApp>[0] = {}): Promise<HomecamApp> {
  const created = await createTestApp(options);
  apps.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

describe('POST /api/auth/login', () => {
  it('answers a LoginResponse and sets the HttpOnly session cookie', async () => {
    const a = await app();
    const user = await createUser(a, ['cameras:access'], { username: 'Alice', sessionTimer: 3600 });
    const { response, body } = await login(a, 'alice', DEFAULT_TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const parsed = loginResponseSchema.parse(body);
    expect(parsed.user).toEqual({
      id: user.id,
      username: 'Alice',
      sessionTimer: 3600,
      permissionLevel: ['cameras:access'],
      photo: null,
      mustChangeCredentials: false,
      cameras: null,
      secondFactorEnrolmentDue: false,
    });
    expect(parsed.token_type).toBe('Bearer');
    expect(parsed.expires_in).toBe(3600);
    expect(Buffer.from(parsed.access_token, 'base64url')).toHaveLength(32);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toContain(`homecam_session=${parsed.access_token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=3600/);
  });

  it('stores only a hash of the token', async () => {
    const a = await app();
    await createUser(a, ['cameras:access'], { username: 'bob' });
    const { body } = await login(a, 'bob', DEFAULT_TEST_PASSWORD);
    const rows = await a.homecam.database.db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(body.access_token);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers the same 401 for a wrong password and an unknown user', async () => {
    const a = await app();
    await createUser(a, ['cameras:access'], { username: 'carol' });
    const wrong = await login(a, 'carol', 'not-the-password');
    const unknown = await login(a, 'nobody', 'not-the-password');
    expectError(wrong.response, 401, 'INVALID_CREDENTIALS');
    expect(wrong.response.body).toBe(unknown.response.body);
    expect(wrong.body).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'wrong username and/or password' } });
  });

  it('refuses a malformed body with VALIDATION_FAILED naming the field', async () => {
    const a = await app();
    const response = await a.inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'x' } });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json()).toMatchObject({ error: { details: [{ path: 'username', message: 'USERNAME_REQUIRED' }] } });
  });

  it('refuses a body that is not JSON with BAD_REQUEST', async () => {
    const a = await app();
    const response = await a.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "x", "password": ',
    });
    expectError(response, 400, 'BAD_REQUEST');
  });
});

describe('GET /api/auth/check', () => {
  it('answers the signed-in user', async () => {
    const a = await app();
    const { user, token } = await signedInUser(a, ['dashboard:access']);
    const response = await a.inject({ url: '/api/auth/check', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(authCheckResponseSchema.parse(response.json())).toMatchObject({ status: 'OK', user: { id: user.id } });
  });

  it('answers 401 UNAUTHENTICATED without a token, with a bad token, and with only the cookie', async () => {
    const a = await app();
    const { token } = await signedInUser(a, ['dashboard:access']);
    expectError(await a.inject({ url: '/api/auth/check' }), 401, 'UNAUTHENTICATED');
    expectError(await a.inject({ url: '/api/auth/check', headers: bearer('garbage') }), 401, 'UNAUTHENTICATED');
    expectError(await a.inject({ url: '/api/auth/check', headers: { authorization: token } }), 401, 'UNAUTHENTICATED');
    // The cookie is for <img src> on /files only; an API call with it alone is anonymous (no CSRF surface).
    expectError(await a.inject({ url: '/api/auth/check', cookies: { homecam_session: token } }), 401, 'UNAUTHENTICATED');
  });

  it('answers 401 SESSION_EXPIRED once the sessionTimer has passed (injected clock)', async () => {
    const clock = new FakeClock();
    const a = await app({ clock });
    const { token } = await signedInUser(a, ['dashboard:access'], { sessionTimer: 300 });
    clock.advance(299_000);
    expect((await a.inject({ url: '/api/auth/check', headers: bearer(token) })).statusCode).toBe(200);
    clock.advance(1_000);
    expectError(await a.inject({ url: '/api/auth/check', headers: bearer(token) }), 401, 'SESSION_EXPIRED');
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session, clears the cookie and answers 204', async () => {
    const a = await app();
    const { token } = await signedInUser(a, ['dashboard:access']);
    const response = await a.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(String(response.headers['set-cookie'])).toMatch(/homecam_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    expectError(await a.inject({ url: '/api/auth/check', headers: bearer(token) }), 401, 'UNAUTHENTICATED');
    const row = await a.homecam.database.db.selectFrom('sessions').select('revoked_at').executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
  });

  it('answers 204 without a token or with an unknown one', async () => {
    const a = await app();
    expect((await a.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
    expect((await a.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer('nope') })).statusCode).toBe(204);
  });

  it('leaves the other sessions of the same user alone', async () => {
    const a = await app();
    await createUser(a, ['dashboard:access'], { username: 'dave' });
    const first = (await login(a, 'dave', DEFAULT_TEST_PASSWORD)).body.access_token;
    const second = (await login(a, 'dave', DEFAULT_TEST_PASSWORD)).body.access_token;
    await a.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(first) });
    expect((await a.inject({ url: '/api/auth/check', headers: bearer(second) })).statusCode).toBe(200);
  });
});

describe('sessions survive a restart', () => {
  it('accepts a token issued before the restart on the same database file', async () => {
    const dataDir = await makeDataDir();
    const first = await createTestApp({ dataDir });
    await createUser(first, ['cameras:access'], { username: 'erin' });
    const token = (await login(first, 'erin', DEFAULT_TEST_PASSWORD)).body.access_token;
    await first.close();

    const second = await app({ dataDir });
    const response = await second.inject({ url: '/api/auth/check', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { username: 'erin' } });
    // The first start ran only once: no second master.
    expect(await second.homecam.repositories.users.count()).toBe(2);
  });
});

describe('first start', () => {
  it('creates master/master that must change its credentials before anything else works', async () => {
    const a = await app();
    const { response, body } = await login(a, 'master', 'master');
    expect(response.statusCode).toBe(200);
    expect(body.user).toMatchObject({ username: 'master', permissionLevel: ['admin'], sessionTimer: 14_400, mustChangeCredentials: true });
    const auth = bearer(body.access_token);
    const id = body.user.id;

    for (const [method, url] of [
      ['GET', '/api/users'],
      ['GET', '/api/config'],
      ['GET', `/api/users/${id}`],
      ['POST', '/api/users'],
      ['DELETE', `/api/users/${id}/photo`],
      ['PATCH', `/api/users/${id + 1}`],
      ['GET', '/files/x.png'],
    ] as const) {
      expectError(await a.inject({ method, url, headers: auth }), 403, 'CREDENTIALS_CHANGE_REQUIRED');
    }
    expect((await a.inject({ url: '/api/auth/check', headers: auth })).statusCode).toBe(200);
    expect((await a.inject({ url: '/api/health', headers: auth })).statusCode).toBe(200);

    const change = (payload: object) => a.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: auth, payload });
    expectError(await change({ password: 'a-new-password' }), 400, 'WRONG_CURRENT_PASSWORD');
    expectError(await change({ password: 'a-new-password', currentPassword: 'master' }), 400, 'CREDENTIALS_UNCHANGED');
    expectError(
      await change({ username: 'MASTER', password: 'a-new-password', currentPassword: 'master' }),
      400,
      'CREDENTIALS_UNCHANGED',
    );
    expectError(await change({ username: 'alice', password: 'a-new-password', currentPassword: 'wrong' }), 400, 'WRONG_CURRENT_PASSWORD');

    const done = await change({ username: 'alice', password: 'a-new-password', currentPassword: 'master' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id, username: 'alice', mustChangeCredentials: false });
    // The same session now works everywhere.
    expect((await a.inject({ url: '/api/users', headers: auth })).statusCode).toBe(200);
    expectError((await login(a, 'master', 'master')).response, 401, 'INVALID_CREDENTIALS');
    expect((await login(a, 'alice', 'a-new-password')).response.statusCode).toBe(200);
  });

  it('uses HOMECAM_ADMIN_PASSWORD and refuses keeping that password', async () => {
    const a = await app({ adminPassword: 'from-the-environment' });
    expectError((await login(a, 'master', 'master')).response, 401, 'INVALID_CREDENTIALS');
    const { body } = await login(a, 'master', 'from-the-environment');
    const response = await a.inject({
      method: 'PATCH',
      url: `/api/users/${body.user.id}`,
      headers: bearer(body.access_token),
      payload: { username: 'owner', password: 'from-the-environment', currentPassword: 'from-the-environment' },
    });
    expectError(response, 400, 'CREDENTIALS_UNCHANGED');
    expect((await masterUser(a)).mustChangeCredentials).toBe(true);
  });
});
