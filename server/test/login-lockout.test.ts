import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { PasswordHasher } from '../src/security/password-hasher.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { expectError } from './helpers/http.js';
import { createTestApp } from './helpers/test-app.js';
import { createUser, DEFAULT_TEST_PASSWORD } from './helpers/users.js';

const OPTIONS = { freeFailures: 2, baseDelayMs: 100, maxDelayMs: 400, lockFailures: 6, windowMs: 60_000, lockMs: 30_000 };

describe('login lock-out (review #9, #18)', () => {
  let app: HomecamApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
    vi.restoreAllMocks();
  });

  const attempt = (a: HomecamApp, username: string, password: string, remoteAddress = '10.0.0.1') =>
    a.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

  it('counts parallel attempts before hashing: of 100 at once, at most the lock limit check a password', async () => {
    app = await createTestApp(); // the documented lock: 10 failures
    const a = app;
    await createUser(a, ['dashboard:access'], { username: 'fresh' });
    const verify = vi.spyOn(PasswordHasher.prototype, 'verify');
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => attempt(a, 'fresh', `wrong-${i}`)));
    const codes = answers.map((r) => r.json<{ error: { code: string } }>().error.code);
    expect(verify.mock.calls.length).toBeLessThanOrEqual(10);
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS').length).toBe(verify.mock.calls.length);
    expect(codes.filter((c) => c === 'RATE_LIMITED').length).toBe(100 - verify.mock.calls.length);
    // Locked as documented: the right password from that address is refused too, without checking it.
    const before = verify.mock.calls.length;
    expectError(await attempt(a, 'fresh', DEFAULT_TEST_PASSWORD), 429, 'RATE_LIMITED');
    expect(verify.mock.calls.length).toBe(before);
  });

  it('a guessing address locks only itself: the owner still signs in from another address', async () => {
    const clock = new FakeClock();
    app = await createTestApp({ clock, loginThrottle: OPTIONS });
    await createUser(app, ['admin'], { username: 'owner' });
    for (let i = 0; i < 6; i++) expectError(await attempt(app, 'owner', `guess-${i}`, '203.0.113.5'), 401, 'INVALID_CREDENTIALS');
    expectError(await attempt(app, 'owner', DEFAULT_TEST_PASSWORD, '203.0.113.5'), 429, 'RATE_LIMITED');
    // Another address gets through, only slowed (the account as a whole saw failures), never hard-locked.
    clock.sleeps.length = 0;
    expect((await attempt(app, 'owner', DEFAULT_TEST_PASSWORD, '192.168.1.20')).statusCode).toBe(200);
    expect(clock.sleeps).toEqual([400]);
    // More guessing from many addresses: each of them locks itself; the owner's known-good address is not even slowed.
    for (let i = 0; i < 20; i++) await attempt(app, 'owner', `more-${i}`, `203.0.113.${10 + i}`);
    clock.sleeps.length = 0;
    expect((await attempt(app, 'owner', DEFAULT_TEST_PASSWORD, '192.168.1.20')).statusCode).toBe(200);
    expect(clock.sleeps).toEqual([]);
  });
});
