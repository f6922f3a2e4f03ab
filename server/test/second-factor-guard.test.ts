import type { LogEntry, SecondFactorChallenge } from '@homecam/shared';
import { afterEach, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { totpCodeAt } from '../src/second-factor/totp.js';
import { expectError } from './helpers/http.js';
import { LogCapture } from './helpers/log-capture.js';
import { codeStep, enrolTotp, passwordStep, ticketFor } from './helpers/second-factor.js';
import { createTestApp } from './helpers/test-app.js';
import { bearer, DEFAULT_TEST_PASSWORD, signedInUser } from './helpers/users.js';

/** Issue 21: codes throttled like passwords, an admin's reset in the audit trail, no secret in any log line. */
describe('second factor: throttle, reset, secrets', () => {
  let app: HomecamApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('wrong codes lock the account\'s second step from every address; a right password does not clear it', async () => {
    const clock = new FakeClock();
    app = await createTestApp({ clock, loginThrottle: { freeFailures: 1, lockFailures: 4, windowMs: 60_000, lockMs: 30_000 } });
    const a = app;
    const { user, token } = await signedInUser(a, ['dashboard:access']);
    const { secret } = await enrolTotp(a, token, () => clock.now());
    clock.advance(30_000);
    const right = totpCodeAt(secret, clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    // Four wrong codes from four addresses, each after a right password (which resets the password's own counters).
    for (let i = 0; i < 4; i += 1) {
      const from = `10.0.0.${i + 1}`;
      expectError(await codeStep(a, await ticketFor(a, user.username, DEFAULT_TEST_PASSWORD, from), wrong, from), 401, 'SECOND_FACTOR_INVALID');
    }
    // Now even the right code, from a fifth address with a fresh ticket, is refused without being checked.
    const refused = await codeStep(a, await ticketFor(a, user.username, DEFAULT_TEST_PASSWORD, '10.0.0.9'), right, '10.0.0.9');
    expectError(refused, 429, 'RATE_LIMITED');
    expect(refused.json<{ error: { details: { retryAfterSeconds: number } } }>().error.details.retryAfterSeconds).toBeGreaterThan(0);
    // The code was not taken by the refused attempt: once the lock is over it still works (same step).
    clock.advance(30_000);
    const later = totpCodeAt(secret, clock.now());
    expect((await codeStep(a, await ticketFor(a, user.username, DEFAULT_TEST_PASSWORD), later)).statusCode).toBe(200);
  });

  it('an admin resets a user\'s second factors; the audit trail names both; a non-admin may not', async () => {
    const clock = new FakeClock();
    app = await createTestApp({ clock, logLevel: 'info' });
    const a = app;
    const admin = await signedInUser(a, ['admin']);
    const { user, token } = await signedInUser(a, ['dashboard:access']);
    const other = await signedInUser(a, ['dashboard:access']);
    await enrolTotp(a, token, () => clock.now());

    const reset = (as: string, id: number) => a.inject({ method: 'DELETE', url: `/api/users/${id}/second-factor`, headers: bearer(as) });
    expectError(await reset(other.token, user.id), 403, 'FORBIDDEN');
    expectError(await reset(token, user.id), 403, 'FORBIDDEN');
    expectError(await reset(admin.token, 99_999), 404, 'USER_NOT_FOUND');
    expect((await ticketFor(a, user.username, DEFAULT_TEST_PASSWORD)).length).toBeGreaterThan(20);
    expect((await reset(admin.token, user.id)).statusCode).toBe(204);
    expect((await passwordStep(a, user.username, DEFAULT_TEST_PASSWORD)).body).toHaveProperty('access_token');

    const log = await a.inject({ url: '/api/system/log?limit=2000', headers: bearer(admin.token) });
    const messages = log.json<{ entries: LogEntry[] }>().entries.map((entry) => entry.message);
    expect(messages).toContain(`user "${user.username}": second factors reset by ${admin.user.username} (127.0.0.1)`);
    expect(messages.some((m) => m.startsWith(`"${user.username}" set up an authenticator app`))).toBe(true);
  });

  it('no secret, code or ticket reaches a log line, and the status never shows the secret', async () => {
    const clock = new FakeClock();
    const capture = new LogCapture();
    app = await createTestApp({ clock, logLevel: 'debug', logStream: capture });
    const a = app;
    const { user, token } = await signedInUser(a, ['dashboard:access']);
    const { secret, recoveryCodes } = await enrolTotp(a, token, () => clock.now());
    clock.advance(30_000);
    const { body } = await passwordStep(a, user.username, DEFAULT_TEST_PASSWORD);
    const ticket = (body as SecondFactorChallenge).ticket;
    const code = totpCodeAt(secret, clock.now());
    expectError(await codeStep(a, ticket, code === '000000' ? '111111' : '000000'), 401, 'SECOND_FACTOR_INVALID');
    expect((await codeStep(a, ticket, code)).statusCode).toBe(200);
    expect((await codeStep(a, await ticketFor(a, user.username, DEFAULT_TEST_PASSWORD), recoveryCodes[3] ?? '')).statusCode).toBe(200);
    const status = await a.inject({ url: '/api/account/second-factor', headers: bearer(token) });
    expect(status.body).not.toContain(secret);
    expect(capture.text).toContain('/api/auth/second-factor'); // the requests were logged at debug …
    for (const value of [secret, ticket, code, DEFAULT_TEST_PASSWORD, ...recoveryCodes]) expect(capture.text).not.toContain(value); // … without their secrets
  });
});
