import { API_TOKEN_PREFIX, type ApiTokenInfo, type CreatedApiToken, type Permission } from '@homecam/shared';
import { afterEach, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { expectError } from './helpers/http.js';
import { LogCapture } from './helpers/log-capture.js';
import { createTestApp } from './helpers/test-app.js';
import { bearer, signedInUser, tokenFor } from './helpers/users.js';

/** Issue 21: API tokens for integrations, on real SQLite through the real routes. */
describe('API tokens', () => {
  let app: HomecamApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function setUp(options: { logs?: LogCapture } = {}) {
    const clock = new FakeClock();
    app = await createTestApp({ clock, ...(options.logs && { logLevel: 'debug', logStream: options.logs }) });
    return { a: app, clock };
  }

  async function makeToken(a: HomecamApp, session: string, scopes: Permission[], expiresInDays: 30 | 90 | 365 | null = 30): Promise<CreatedApiToken> {
    const response = await a.inject({ method: 'POST', url: '/api/account/tokens', headers: bearer(session), payload: { name: 'Home Assistant', scopes, expiresInDays } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CreatedApiToken>();
  }

  const cameras = (a: HomecamApp, token: string) => a.inject({ url: '/api/cameras', headers: bearer(token) });

  it('is shown once, stored hashed, works as a bearer within its scopes, and is listed with its last use', async () => {
    const logs = new LogCapture();
    const { a, clock } = await setUp({ logs });
    const { user, token: session } = await signedInUser(a, ['cameras:access', 'recordings:access', 'settings:cameras:access']);
    const created = await makeToken(a, session, ['cameras:access']);
    expect(created.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(created.token.length).toBe(API_TOKEN_PREFIX.length + 43);
    expect(created.info).toMatchObject({ name: 'Home Assistant', scopes: ['cameras:access'], lastUsedAt: null, expired: false, expiresAt: new Date(clock.now() + 30 * 86_400_000).toISOString() });

    const stored = await a.homecam.database.db.selectFrom('api_tokens').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(created.token.slice(API_TOKEN_PREFIX.length));

    expect((await cameras(a, created.token)).statusCode).toBe(200);
    // Outside its scopes although the owner may: refused.
    expectError(await a.inject({ url: '/api/recordings', headers: bearer(created.token) }), 403, 'FORBIDDEN');

    const listed = await a.inject({ url: `/api/users/${user.id}/tokens`, headers: bearer(session) });
    const [info] = listed.json<{ result: ApiTokenInfo[] }>().result;
    expect(info?.lastUsedAt).toBe(new Date(clock.now()).toISOString());
    expect(listed.body).not.toContain(created.token);
    // The token, sent in the header and answered in the body, never reaches the log.
    expect(logs.text).not.toContain(created.token);
  });

  it('a revoked token is refused at once; the owner or an admin may revoke, another user may not', async () => {
    const { a } = await setUp();
    const owner = await signedInUser(a, ['cameras:access']);
    const stranger = await signedInUser(a, ['cameras:access']);
    const admin = await signedInUser(a, ['admin']);
    const first = await makeToken(a, owner.token, ['cameras:access']);
    const second = await makeToken(a, owner.token, ['cameras:access'], null);
    expect(second.info.expiresAt).toBeNull();

    const revoke = (id: string, by: string) => a.inject({ method: 'DELETE', url: `/api/users/${owner.user.id}/tokens/${id}`, headers: bearer(by) });
    expectError(await revoke(first.info.id, stranger.token), 403, 'FORBIDDEN');
    expect((await cameras(a, first.token)).statusCode).toBe(200);
    expect((await revoke(first.info.id, owner.token)).statusCode).toBe(204);
    expectError(await cameras(a, first.token), 401, 'UNAUTHENTICATED');
    expectError(await revoke(first.info.id, owner.token), 404, 'API_TOKEN_NOT_FOUND');

    const seen = await a.inject({ url: `/api/users/${owner.user.id}/tokens`, headers: bearer(admin.token) });
    expect(seen.json<{ result: ApiTokenInfo[] }>().result.map((token) => token.id)).toEqual([second.info.id]);
    expect((await revoke(second.info.id, admin.token)).statusCode).toBe(204);
    expectError(await cameras(a, second.token), 401, 'UNAUTHENTICATED');
  });

  it('never has more than its owner: a scope the owner lacks is refused, one the owner loses stops working', async () => {
    const { a } = await setUp();
    const owner = await signedInUser(a, ['cameras:access', 'recordings:access']);
    const admin = await signedInUser(a, ['admin']);
    expectError(
      await a.inject({ method: 'POST', url: '/api/account/tokens', headers: bearer(owner.token), payload: { name: 'x', scopes: ['admin'], expiresInDays: 30 } }),
      403,
      'API_TOKEN_SCOPE_NOT_HELD',
    );
    const token = (await makeToken(a, owner.token, ['cameras:access', 'recordings:access'])).token;
    expect((await a.inject({ url: '/api/recordings', headers: bearer(token) })).statusCode).toBe(200);

    await a.inject({ method: 'PATCH', url: `/api/users/${owner.user.id}`, headers: bearer(admin.token), payload: { permissionLevel: ['cameras:access'] } });
    expectError(await a.inject({ url: '/api/recordings', headers: bearer(token) }), 403, 'FORBIDDEN');
    expect((await cameras(a, token)).statusCode).toBe(200);

    // An admin owner's token is still only its scopes.
    const adminToken = (await makeToken(a, admin.token, ['cameras:access'])).token;
    expect((await cameras(a, adminToken)).statusCode).toBe(200);
    expectError(await a.inject({ url: '/api/users', headers: bearer(adminToken) }), 403, 'FORBIDDEN');

    // The owner deleted: the token goes with them.
    expect((await a.inject({ method: 'DELETE', url: `/api/users/${owner.user.id}`, headers: bearer(admin.token) })).statusCode).toBe(204);
    expectError(await cameras(a, token), 401, 'UNAUTHENTICATED');
  });

  it('is not a session: it cannot make tokens, list or end sessions, change the password or a second factor', async () => {
    const { a } = await setUp();
    const admin = await signedInUser(a, ['admin']);
    const token = (await makeToken(a, admin.token, ['admin'])).token;
    const id = admin.user.id;
    const refused = [
      { method: 'POST', url: '/api/account/tokens', payload: { name: 'more', scopes: ['admin'], expiresInDays: null } },
      { method: 'GET', url: `/api/users/${id}/tokens` },
      { method: 'GET', url: `/api/users/${id}/sessions` },
      { method: 'DELETE', url: `/api/users/${id}/sessions` },
      { method: 'PATCH', url: `/api/users/${id}`, payload: { password: 'another-password-1', currentPassword: 'test-password-1' } },
      { method: 'POST', url: '/api/users', payload: { username: 'minted', password: 'minted-password-1', permissionLevel: ['admin'], sessionTimer: 3600 } },
      { method: 'POST', url: '/api/account/second-factor/totp' },
      { method: 'DELETE', url: `/api/users/${id}/second-factor` },
    ] as const;
    for (const request of refused) {
      expectError(await a.inject({ ...request, headers: bearer(token) }), 403, 'SESSION_REQUIRED');
    }
    // What its scope allows still works.
    expect((await a.inject({ url: '/api/users', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('expires at the chosen time; name, scopes and expiry are required', async () => {
    const { a, clock } = await setUp();
    const owner = await signedInUser(a, ['cameras:access']);
    const created = await makeToken(a, owner.token, ['cameras:access'], 30);
    clock.advance(30 * 86_400_000 - 1_000);
    expect((await cameras(a, created.token)).statusCode).toBe(200);
    clock.advance(1_000);
    expectError(await cameras(a, created.token), 401, 'SESSION_EXPIRED');
    const fresh = await tokenFor(a, owner.user); // the owner's first session ended long ago
    const listed = await a.inject({ url: `/api/users/${owner.user.id}/tokens`, headers: bearer(fresh) });
    expect(listed.json<{ result: ApiTokenInfo[] }>().result[0]?.expired).toBe(true);

    for (const payload of [
      { name: '', scopes: ['cameras:access'], expiresInDays: 30 },
      { name: 'x', scopes: [], expiresInDays: 30 },
      { name: 'x', scopes: ['cameras:access'] },
      { name: 'x', scopes: ['cameras:access'], expiresInDays: 7 },
      { name: 'x', scopes: ['no:such'], expiresInDays: 30 },
    ]) {
      expectError(await a.inject({ method: 'POST', url: '/api/account/tokens', headers: bearer(fresh), payload }), 400, 'VALIDATION_FAILED');
    }
  });

  it('wrong tokens are throttled per address like wrong passwords', async () => {
    const { a } = await setUp();
    const owner = await signedInUser(a, ['cameras:access']);
    const good = (await makeToken(a, owner.token, ['cameras:access'])).token;
    const wrong = `${API_TOKEN_PREFIX}${'A'.repeat(43)}`;
    const from = (token: string, remoteAddress: string) => a.inject({ url: '/api/cameras', headers: bearer(token), remoteAddress });
    for (let attempt = 0; attempt < 10; attempt += 1) expectError(await from(wrong, '10.1.1.1'), 401, 'UNAUTHENTICATED');
    expectError(await from(wrong, '10.1.1.1'), 429, 'RATE_LIMITED');
    // Locked for that address, even with the right token; another address is not affected.
    expectError(await from(good, '10.1.1.1'), 429, 'RATE_LIMITED');
    expect((await from(good, '10.1.1.2')).statusCode).toBe(200);
  });
});
