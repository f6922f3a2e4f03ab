import type { SessionInfo } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { afterEach, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { expectError } from './helpers/http.js';
import { JsonLogCapture } from './helpers/log-capture.js';
import { enrolTotp } from './helpers/second-factor.js';
import { createTestApp } from './helpers/test-app.js';
import { bearer, DEFAULT_TEST_PASSWORD, signedInUser } from './helpers/users.js';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Issue 21: the signed-in devices list and ending sessions, on real SQLite through the real routes. */
describe('signed-in devices', () => {
  let app: HomecamApp | undefined;
  let logs: JsonLogCapture<{ level: number; msg: string; audit?: boolean }>;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function setUp(clock = new FakeClock()) {
    logs = new JsonLogCapture();
    app = await createTestApp({ clock, logLevel: 'info', logStream: logs });
    return { a: app, clock };
  }

  /** A sign-in through the route, from `ip` with `userAgent`: the session token. */
  async function signIn(a: HomecamApp, username: string, ip: string, userAgent: string): Promise<string> {
    const response = await a.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: DEFAULT_TEST_PASSWORD }, remoteAddress: ip, headers: { 'user-agent': userAgent } });
    expect(response.statusCode).toBe(200);
    return response.json<{ access_token: string }>().access_token;
  }

  const list = (a: HomecamApp, userId: number, token: string) => a.inject({ url: `/api/users/${userId}/sessions`, headers: bearer(token) });
  const check = (a: HomecamApp, token: string) => a.inject({ url: '/api/auth/check', headers: bearer(token) });

  it('lists the own devices with browser, OS, address and "this device"; ending one refuses its token at once', async () => {
    const { a, clock } = await setUp();
    const { user } = await signedInUser(a, ['dashboard:access']);
    const laptop = await signIn(a, user.username, '192.168.1.10', FIREFOX_WINDOWS);
    clock.advance(5_000);
    const phone = await signIn(a, user.username, '192.168.1.11', SAFARI_IPHONE);

    const listed = await list(a, user.id, laptop);
    expect(listed.statusCode).toBe(200);
    const devices = listed.json<{ result: SessionInfo[] }>().result;
    const mine = devices.find((device) => device.current);
    const other = devices.find((device) => device.address === '192.168.1.11');
    expect(mine).toMatchObject({ browser: 'Firefox 133', os: 'Windows', address: '192.168.1.10', current: true });
    expect(other).toMatchObject({ browser: 'Safari 17', os: 'iOS', current: false });
    expect(JSON.stringify(devices)).not.toContain(phone);

    const ended = await a.inject({ method: 'DELETE', url: `/api/users/${user.id}/sessions/${other?.id}`, headers: bearer(laptop) });
    expect(ended.statusCode).toBe(204);
    expectError(await check(a, phone), 401, 'UNAUTHENTICATED');
    expect((await check(a, laptop)).statusCode).toBe(200);
    // Ended already (or not the user's): 404, nothing else ended.
    expectError(await a.inject({ method: 'DELETE', url: `/api/users/${user.id}/sessions/${other?.id}`, headers: bearer(laptop) }), 404, 'SESSION_NOT_FOUND');
    await waitFor(() => logs.lines.some((line) => line.audit === true && line.msg.includes('a session of') && line.msg.includes('signed out by')), { message: 'the audit line' });
  });

  it('"end all others" keeps the caller\'s session only', async () => {
    const { a } = await setUp();
    const { user } = await signedInUser(a, ['dashboard:access']);
    const [first, second, third] = [
      await signIn(a, user.username, '10.0.0.1', FIREFOX_WINDOWS),
      await signIn(a, user.username, '10.0.0.2', SAFARI_IPHONE),
      await signIn(a, user.username, '10.0.0.3', SAFARI_IPHONE),
    ];
    const ended = await a.inject({ method: 'DELETE', url: `/api/users/${user.id}/sessions`, headers: bearer(first) });
    expect(ended.json()).toEqual({ ended: 3 }); // the two sign-ins and signedInUser's own session
    expectError(await check(a, second), 401, 'UNAUTHENTICATED');
    expectError(await check(a, third), 401, 'UNAUTHENTICATED');
    expect((await list(a, user.id, first)).json<{ result: SessionInfo[] }>().result.map((device) => device.current)).toEqual([true]);
  });

  it('a non-admin can neither list nor end another user\'s sessions (403); an admin can', async () => {
    const { a } = await setUp();
    const alice = await signedInUser(a, ['cameras:access']);
    const bob = await signedInUser(a, ['cameras:access']);
    const admin = await signedInUser(a, ['admin']);
    const bobsId = (await list(a, bob.user.id, bob.token)).json<{ result: SessionInfo[] }>().result[0]?.id;
    expectError(await list(a, bob.user.id, alice.token), 403, 'FORBIDDEN');
    expectError(await a.inject({ method: 'DELETE', url: `/api/users/${bob.user.id}/sessions/${bobsId}`, headers: bearer(alice.token) }), 403, 'FORBIDDEN');
    expectError(await a.inject({ method: 'DELETE', url: `/api/users/${bob.user.id}/sessions`, headers: bearer(alice.token) }), 403, 'FORBIDDEN');
    // Alice naming Bob's session under her own id finds nothing: a session is ended only as its owner's.
    expectError(await a.inject({ method: 'DELETE', url: `/api/users/${alice.user.id}/sessions/${bobsId}`, headers: bearer(alice.token) }), 404, 'SESSION_NOT_FOUND');
    expect((await check(a, bob.token)).statusCode).toBe(200);

    const seen = await list(a, bob.user.id, admin.token);
    expect(seen.json<{ result: SessionInfo[] }>().result).toEqual([expect.objectContaining({ id: bobsId, current: false })]);
    expect((await a.inject({ method: 'DELETE', url: `/api/users/${bob.user.id}/sessions`, headers: bearer(admin.token) })).json()).toEqual({ ended: 1 });
    expectError(await check(a, bob.token), 401, 'UNAUTHENTICATED');
    expect((await check(a, admin.token)).statusCode).toBe(200);
  });

  it('last seen is written at most once a minute', async () => {
    const { a, clock } = await setUp();
    const { user, token } = await signedInUser(a, ['dashboard:access']);
    const lastSeen = async () => (await list(a, user.id, token)).json<{ result: SessionInfo[] }>().result[0]?.lastSeenAt;
    const first = await lastSeen();
    clock.advance(30_000);
    expect(await lastSeen()).toBe(first);
    clock.advance(31_000);
    expect(await lastSeen()).toBe(new Date(clock.now()).toISOString());
  });

  it('setting up or turning off the authenticator app ends the other sessions; an admin\'s reset ends them all', async () => {
    const { a, clock } = await setUp();
    const { user, token } = await signedInUser(a, ['dashboard:access']);
    const other = await signIn(a, user.username, '10.0.0.9', SAFARI_IPHONE);
    await enrolTotp(a, token, () => clock.now());
    expectError(await check(a, other), 401, 'UNAUTHENTICATED');
    expect((await check(a, token)).statusCode).toBe(200);

    const second = (await a.homecam.auth.createSession(user, { ip: null, userAgent: null })).token;
    const off = await a.inject({ method: 'POST', url: '/api/account/second-factor/totp/disable', headers: bearer(token), payload: { password: DEFAULT_TEST_PASSWORD } });
    expect(off.statusCode).toBe(204);
    expectError(await check(a, second), 401, 'UNAUTHENTICATED');
    expect((await check(a, token)).statusCode).toBe(200);

    const admin = await signedInUser(a, ['admin']);
    const reset = await a.inject({ method: 'DELETE', url: `/api/users/${user.id}/second-factor`, headers: bearer(admin.token) });
    expect(reset.statusCode).toBe(204);
    expectError(await check(a, token), 401, 'UNAUTHENTICATED');
    expect((await check(a, admin.token)).statusCode).toBe(200);
  });
});
