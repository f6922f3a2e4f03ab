import { API_TOKEN_PREFIX, type AdminApiTokenList, type CreatedApiToken, type Permission } from '@homecam/shared';
import { afterEach, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { expectError } from './helpers/http.js';
import { closeAllSockets, connectOutcome, disconnected, nextEvent, socketClient } from './helpers/socket.js';
import { createTestApp, listen } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/** Issue 21 follow-up: an admin's list of every user's API tokens (Settings → Users), on real SQLite through the real routes. */
describe('API tokens: the admin list of every user\'s tokens', () => {
  let app: HomecamApp | undefined;
  afterEach(async () => {
    closeAllSockets();
    await app?.close();
    app = undefined;
  });

  async function setUp() {
    const clock = new FakeClock();
    app = await createTestApp({ clock });
    return { a: app, clock };
  }

  async function makeToken(a: HomecamApp, session: string, name: string, scopes: Permission[]): Promise<CreatedApiToken> {
    const response = await a.inject({ method: 'POST', url: '/api/account/tokens', headers: bearer(session), payload: { name, scopes, expiresInDays: 90 } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CreatedApiToken>();
  }

  const listAll = (a: HomecamApp, token: string, query = '') => a.inject({ url: `/api/users/tokens${query}`, headers: bearer(token) });

  it('shows an admin every user\'s tokens with the owner\'s name, newest first, never a token or its hash', async () => {
    const { a, clock } = await setUp();
    const admin = await signedInUser(a, ['admin']);
    const alice = await signedInUser(a, ['cameras:access']);
    const bob = await signedInUser(a, ['cameras:access', 'recordings:access']);
    const made = [
      await makeToken(a, alice.token, 'Home Assistant', ['cameras:access']),
      await makeToken(a, bob.token, 'Script', ['recordings:access']),
    ];
    clock.advance(60_000);
    made.push(await makeToken(a, admin.token, 'Backup job', ['backup:download']));
    // The token has been used: the list says when.
    expect((await a.inject({ url: '/api/cameras', headers: bearer(made[0]?.token ?? '') })).statusCode).toBe(200);

    const response = await listAll(a, admin.token);
    expect(response.statusCode, response.body).toBe(200);
    const { result, nextCursor } = response.json<AdminApiTokenList>();
    expect(nextCursor).toBeNull();
    expect(result[0]).toMatchObject({ name: 'Backup job', username: admin.user.username, userId: admin.user.id, scopes: ['backup:download'] });
    const byName = new Map(result.map((token) => [token.name, token]));
    expect(byName.get('Home Assistant')).toMatchObject({
      username: alice.user.username,
      userId: alice.user.id,
      scopes: ['cameras:access'],
      lastUsedAt: new Date(clock.now()).toISOString(),
      expired: false,
    });
    expect(byName.get('Script')).toMatchObject({ username: bob.user.username, lastUsedAt: null, expiresAt: made[1]?.info.expiresAt });
    expect(result).toHaveLength(3);

    const hashes = (await a.homecam.database.db.selectFrom('api_tokens').select('token_hash').execute()).map((row) => row.token_hash);
    for (const secret of [...made.map((token) => token.token.slice(API_TOKEN_PREFIX.length)), ...hashes]) expect(response.body).not.toContain(secret);
    expect(response.body).not.toContain('token_hash');
    expect(response.body).not.toContain('tokenHash');
  });

  it('is bounded: pages of `limit` follow `nextCursor` to the end without a repeat; a wrong limit is refused', async () => {
    const { a, clock } = await setUp();
    const admin = await signedInUser(a, ['admin']);
    const owner = await signedInUser(a, ['cameras:access']);
    const made: { id: string; createdAt: string }[] = [];
    for (let i = 0; i < 5; i += 1) {
      made.push((await makeToken(a, owner.token, `token ${i}`, ['cameras:access'])).info);
      // Two share a creation time: the id breaks the tie, so no page skips or repeats one.
      if (i !== 2) clock.advance(1_000);
    }
    const newestFirst = made
      .sort((x, y) => y.createdAt.localeCompare(x.createdAt) || (y.id < x.id ? -1 : 1))
      .map((token) => token.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=2${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
      const page: AdminApiTokenList = (await listAll(a, admin.token, query)).json<AdminApiTokenList>();
      expect(page.result.length).toBeLessThanOrEqual(2);
      seen.push(...page.result.map((token) => token.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(newestFirst);

    for (const query of ['?limit=0', '?limit=101', '?limit=x', `?cursor=${'a'.repeat(257)}`]) expectError(await listAll(a, admin.token, query), 400, 'VALIDATION_FAILED');
  });

  it('is refused to a non-admin (403), to nobody signed in (401), and to an API token, even an admin\'s (SESSION_REQUIRED)', async () => {
    const { a } = await setUp();
    const admin = await signedInUser(a, ['admin']);
    const user = await signedInUser(a, ['cameras:access', 'settings:cameras:edit', 'backup:download']);
    await makeToken(a, user.token, 'mine', ['cameras:access']);
    expectError(await listAll(a, user.token), 403, 'FORBIDDEN');
    expectError(await a.inject({ url: '/api/users/tokens' }), 401, 'UNAUTHENTICATED');
    const adminToken = (await makeToken(a, admin.token, 'admin token', ['admin'])).token;
    expectError(await listAll(a, adminToken), 403, 'SESSION_REQUIRED');
    // The same token may still read the user list its scope allows: the refusal is this route's, not the token's.
    expect((await a.inject({ url: '/api/users', headers: bearer(adminToken) })).statusCode).toBe(200);
  });

  it('a token revoked from the list is refused at once and its open socket is closed', async () => {
    const { a } = await setUp();
    const url = await listen(a);
    const admin = await signedInUser(a, ['admin']);
    const owner = await signedInUser(a, ['cameras:access']);
    const { token, info } = await makeToken(a, owner.token, 'Home Assistant', ['cameras:access']);
    const socket = socketClient(url, token);
    expect(await connectOutcome(socket)).toBe('connected');
    const told = nextEvent(socket, 'sessionEnded');
    const gone = disconnected(socket);

    const listed = (await listAll(a, admin.token)).json<AdminApiTokenList>().result.find((entry) => entry.id === info.id);
    expect(listed?.userId).toBe(owner.user.id);
    const revoked = await a.inject({ method: 'DELETE', url: `/api/users/${listed?.userId}/tokens/${listed?.id}`, headers: bearer(admin.token) });
    expect(revoked.statusCode).toBe(204);
    await told;
    expect(await gone).toBe('io server disconnect');
    expectError(await a.inject({ url: '/api/cameras', headers: bearer(token) }), 401, 'UNAUTHENTICATED');
    expect((await listAll(a, admin.token)).json<AdminApiTokenList>().result).toEqual([]);
  });
});
