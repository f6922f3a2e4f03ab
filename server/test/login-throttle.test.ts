import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { PasswordHasher } from '../src/security/password-hasher.js';
import { LoginThrottle } from '../src/services/login-throttle.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { expectError } from './helpers/http.js';
import { createTestApp } from './helpers/test-app.js';
import { createUser, DEFAULT_TEST_PASSWORD } from './helpers/users.js';

const OPTIONS = { freeFailures: 2, baseDelayMs: 100, maxDelayMs: 400, lockFailures: 6, windowMs: 60_000, lockMs: 30_000 };

describe('LoginThrottle', () => {
  it('lets the free failures pass, then delays with doubling capped steps, then locks', () => {
    const clock = new FakeClock();
    const throttle = new LoginThrottle(clock, OPTIONS);
    const delays: (number | string)[] = [];
    for (let i = 0; i < 7; i++) {
      const decision = throttle.check(['user:a']);
      delays.push(decision.allowed ? decision.delayMs : `locked ${decision.retryAfterMs}`);
      throttle.recordFailure(['user:a']);
    }
    expect(delays).toEqual([0, 0, 0, 100, 200, 400, 'locked 30000']);
  });

  it('unlocks after the lock period and forgets failures outside the window', () => {
    const clock = new FakeClock();
    const throttle = new LoginThrottle(clock, OPTIONS);
    for (let i = 0; i < 6; i++) throttle.recordFailure(['user:a']);
    expect(throttle.check(['user:a']).allowed).toBe(false);
    clock.advance(30_000);
    expect(throttle.check(['user:a'])).toEqual({ allowed: true, delayMs: 0 });

    for (let i = 0; i < 4; i++) throttle.recordFailure(['user:b']);
    expect(throttle.check(['user:b'])).toEqual({ allowed: true, delayMs: 200 });
    clock.advance(60_000);
    expect(throttle.check(['user:b'])).toEqual({ allowed: true, delayMs: 0 });
  });

  it('answers for the worst of several keys and resets one key alone', () => {
    const clock = new FakeClock();
    const throttle = new LoginThrottle(clock, OPTIONS);
    for (let i = 0; i < 3; i++) throttle.recordFailure(['user:a', 'ip:1']);
    expect(throttle.check(['user:other', 'ip:1'])).toEqual({ allowed: true, delayMs: 100 });
    throttle.reset('user:a');
    expect(throttle.check(['user:a'])).toEqual({ allowed: true, delayMs: 0 });
    expect(throttle.check(['ip:1'])).toEqual({ allowed: true, delayMs: 100 });
  });

  it('remembers a bounded number of keys', () => {
    const throttle = new LoginThrottle(new FakeClock(), { ...OPTIONS, freeFailures: 0, maxKeys: 3 });
    for (const key of ['a', 'b', 'c', 'd']) throttle.recordFailure([key]);
    expect(throttle.check(['a'])).toEqual({ allowed: true, delayMs: 0 });
    expect(throttle.check(['d'])).toEqual({ allowed: true, delayMs: 100 });
  });
});

describe('login throttling over HTTP', () => {
  let app: HomecamApp | undefined;
  afterEach(async () => {
    await app?.close();
    vi.restoreAllMocks();
  });

  const attempt = (a: HomecamApp, username: string, password: string, remoteAddress = '10.0.0.1') =>
    a.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

  it('slows repeated failures, then answers 429 with Retry-After, and unlocks later', async () => {
    const clock = new FakeClock();
    app = await createTestApp({ clock, loginThrottle: OPTIONS });
    await createUser(app, ['dashboard:access'], { username: 'jane' });
    for (let i = 0; i < 6; i++) expectError(await attempt(app, 'jane', `wrong-${i}`), 401, 'INVALID_CREDENTIALS');
    expect(clock.sleeps).toEqual([100, 200, 400]);

    // Locked: even the right password is refused, and the answer says for how long.
    const locked = await attempt(app, 'jane', DEFAULT_TEST_PASSWORD);
    expectError(locked, 429, 'RATE_LIMITED');
    expect(locked.headers['retry-after']).toBe('30');
    expect(locked.json()).toMatchObject({ error: { details: { retryAfterSeconds: 30 } } });

    clock.advance(30_000);
    expect((await attempt(app, 'jane', DEFAULT_TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('locks a client address that tries many usernames', async () => {
    const clock = new FakeClock();
    app = await createTestApp({ clock, loginThrottle: OPTIONS });
    for (let i = 0; i < 6; i++) await attempt(app, `guess${i}`, 'x', '10.0.0.9');
    expectError(await attempt(app, 'guess-new', 'x', '10.0.0.9'), 429, 'RATE_LIMITED');
    // Another address is not affected.
    expectError(await attempt(app, 'guess-new', 'x', '10.0.0.10'), 401, 'INVALID_CREDENTIALS');
  });

  it('resets the username counter on success', async () => {
    const clock = new FakeClock();
    app = await createTestApp({ clock, loginThrottle: OPTIONS });
    await createUser(app, ['dashboard:access'], { username: 'kim' });
    for (let i = 0; i < 4; i++) await attempt(app, 'kim', 'wrong', `10.0.1.${i}`);
    expect((await attempt(app, 'kim', DEFAULT_TEST_PASSWORD, '10.0.2.1')).statusCode).toBe(200);
    clock.sleeps.length = 0;
    await attempt(app, 'kim', 'wrong', '10.0.2.2');
    expect(clock.sleeps).toEqual([]);
  });

  it('answers an unknown user and a wrong password alike, and verifies a hash for both', async () => {
    app = await createTestApp();
    await createUser(app, ['dashboard:access'], { username: 'lee' });
    const verify = vi.spyOn(PasswordHasher.prototype, 'verify');
    const wrong = await attempt(app, 'lee', 'wrong-password');
    const unknown = await attempt(app, 'nobody-here', 'wrong-password');
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'wrong username and/or password' } });
    // One argon2 verification each: an unknown name costs the same work as a wrong password.
    expect(verify).toHaveBeenCalledTimes(2);
  });

  const forwarded = (a: HomecamApp, username: string, client: string, proxy = '127.0.0.1') =>
    a.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'x' }, remoteAddress: proxy, headers: { 'x-forwarded-for': client } });

  it('by default ignores X-Forwarded-For, so a client cannot dodge the address lock by writing one', async () => {
    app = await createTestApp({ clock: new FakeClock(), loginThrottle: OPTIONS });
    for (let i = 0; i < 6; i++) await forwarded(app, `guess${i}`, `192.0.2.${i}`, '10.0.0.20');
    expectError(await forwarded(app, 'guess-new', '192.0.2.99', '10.0.0.20'), 429, 'RATE_LIMITED');
  });

  it('behind a trusted proxy (HOMECAM_TRUST_PROXY) throttles each forwarded client address on its own', async () => {
    app = await createTestApp({ clock: new FakeClock(), loginThrottle: OPTIONS, trustProxy: ['loopback'] });
    for (let i = 0; i < 6; i++) await forwarded(app, `guess${i}`, '192.0.2.7');
    expectError(await forwarded(app, 'guess-new', '192.0.2.7'), 429, 'RATE_LIMITED');
    // Another household behind the same proxy can still sign in.
    expectError(await forwarded(app, 'guess-new', '192.0.2.8'), 401, 'INVALID_CREDENTIALS');
    // A header from an address that is not the proxy is ignored: that client is its socket address.
    for (let i = 0; i < 6; i++) await forwarded(app, `other${i}`, `198.51.100.${i}`, '10.0.0.30');
    expectError(await forwarded(app, 'other-new', '198.51.100.99', '10.0.0.30'), 429, 'RATE_LIMITED');
  });
});
