import type { LoginResponse, SecondFactorChallenge, SecondFactorStatus, TotpEnrolment } from '@homecam/shared';
import { describe, expect, it } from 'vitest';
import { totpCodeAt } from '../src/second-factor/totp.js';
import { expectError } from './helpers/http.js';
import { codeStep, enrolTotp, passwordStep, ticketFor } from './helpers/second-factor.js';
import { signedInAppPerTest } from './helpers/signed-in-app.js';
import { bearer, DEFAULT_TEST_PASSWORD, signedInUser } from './helpers/users.js';

/** Issue 21, one-time codes: enrolment, the sign-in's second step, reuse, recovery codes, turning off. Real SQLite. */
describe('authenticator app (TOTP)', () => {
  const setUp = signedInAppPerTest();

  it('enrols with a secret, an otpauth URI and a QR code drawn on the server; a first code confirms it', async () => {
    const { a, clock, user, token } = await setUp();
    const started = await a.inject({ method: 'POST', url: '/api/account/second-factor/totp', headers: bearer(token) });
    expect(started.statusCode).toBe(200);
    const enrolment = started.json<TotpEnrolment>();
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.uri).toBe(`otpauth://totp/HomeCam:${user.username}?issuer=HomeCam&secret=${enrolment.secret}&algorithm=SHA1&digits=6&period=30`);
    expect(enrolment.qrSvg).toMatch(/^<svg [^>]*viewBox/);
    // Not on until confirmed: the password alone still signs in.
    const status = () => a.inject({ url: '/api/account/second-factor', headers: bearer(token) }).then((r) => r.json<SecondFactorStatus>());
    expect(await status()).toEqual({ totp: false, recoveryCodesLeft: 0 });
    expect((await passwordStep(a, user.username, DEFAULT_TEST_PASSWORD)).body).toHaveProperty('access_token');

    const confirm = (code: string) => a.inject({ method: 'POST', url: '/api/account/second-factor/totp/confirm', headers: bearer(token), payload: { code } });
    const right = totpCodeAt(enrolment.secret, clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    expectError(await confirm(wrong), 401, 'SECOND_FACTOR_INVALID');
    expectError(await confirm('12ab56'), 400, 'VALIDATION_FAILED');
    const confirmed = await confirm(right);
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await status()).toEqual({ totp: true, recoveryCodesLeft: 10 });
    // Set up once: a second set-up (which would show a new secret) is refused until it is turned off.
    expectError(await a.inject({ method: 'POST', url: '/api/account/second-factor/totp', headers: bearer(token) }), 409, 'TOTP_ALREADY_ENABLED');
    expectError(await confirm(right), 409, 'TOTP_NOT_PENDING');
  });

  it('asks for the code after the password; a wrong code, a used code and a spent ticket are refused', async () => {
    const { a, clock, user, token } = await setUp();
    const { secret } = await enrolTotp(a, token, () => clock.now());
    clock.advance(30_000); // the enrolment's code is used; the next step's is fresh

    const { body } = await passwordStep(a, user.username, DEFAULT_TEST_PASSWORD);
    const challenge = body as SecondFactorChallenge;
    expect({ ...challenge, ticket: typeof challenge.ticket }).toEqual({ status: 'secondFactorRequired', ticket: 'string', methods: ['totp', 'recovery'], expires_in: 300 });
    const code = totpCodeAt(secret, clock.now());
    expectError(await codeStep(a, challenge.ticket, code === '000000' ? '111111' : '000000'), 401, 'SECOND_FACTOR_INVALID');
    expectError(await codeStep(a, 'not-a-ticket', code), 401, 'SECOND_FACTOR_INVALID');
    // The ticket works from the address it was issued to only.
    expectError(await codeStep(a, challenge.ticket, code, '10.9.9.9'), 401, 'SECOND_FACTOR_INVALID');

    const signedIn = await codeStep(a, challenge.ticket, code);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['set-cookie']).toMatch(/^homecam_session=/);
    const session = signedIn.json<LoginResponse>();
    const check = await a.inject({ url: '/api/auth/check', headers: bearer(session.access_token) });
    expect(check.json<{ user: { username: string } }>().user.username).toBe(user.username);

    // The ticket is spent, and the same code cannot be used again in its window, even with a fresh ticket.
    expectError(await codeStep(a, challenge.ticket, code), 401, 'SECOND_FACTOR_INVALID');
    expectError(await codeStep(a, await ticketFor(a, user.username, DEFAULT_TEST_PASSWORD), code), 401, 'SECOND_FACTOR_INVALID');
    // A code of the step before (inside the ±1 window) is older than the one used: refused too.
    const earlier = totpCodeAt(secret, clock.now() - 30_000);
    expectError(await codeStep(a, await ticketFor(a, user.username, DEFAULT_TEST_PASSWORD), earlier), 401, 'SECOND_FACTOR_INVALID');
    clock.advance(30_000);
    const next = await codeStep(a, await ticketFor(a, user.username, DEFAULT_TEST_PASSWORD), totpCodeAt(secret, clock.now()));
    expect(next.statusCode).toBe(200);
  });

  it('a ticket lasts five minutes and takes five wrong codes at most', async () => {
    const { a, clock, user, token } = await setUp();
    const { secret } = await enrolTotp(a, token, () => clock.now());
    clock.advance(30_000);
    const late = await ticketFor(a, user.username, DEFAULT_TEST_PASSWORD);
    clock.advance(5 * 60_000);
    expectError(await codeStep(a, late, totpCodeAt(secret, clock.now())), 401, 'SECOND_FACTOR_INVALID');

    const ticket = await ticketFor(a, user.username, DEFAULT_TEST_PASSWORD);
    const right = totpCodeAt(secret, clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expectError(await codeStep(a, ticket, wrong), 401, 'SECOND_FACTOR_INVALID');
    expectError(await codeStep(a, ticket, right), 401, 'SECOND_FACTOR_INVALID');
    // A fresh ticket with the same right code still works: the spent ticket did not use the code up.
    expect((await codeStep(a, await ticketFor(a, user.username, DEFAULT_TEST_PASSWORD), right)).statusCode).toBe(200);
  });

  it('a recovery code signs in once; used again it is refused, in any spelling', async () => {
    const { a, clock, user, token } = await setUp();
    const { recoveryCodes } = await enrolTotp(a, token, () => clock.now());
    const [first = '', second = ''] = recoveryCodes;
    const ok = await codeStep(a, await ticketFor(a, user.username, DEFAULT_TEST_PASSWORD), first);
    expect(ok.statusCode).toBe(200);
    expectError(await codeStep(a, await ticketFor(a, user.username, DEFAULT_TEST_PASSWORD), first), 401, 'SECOND_FACTOR_INVALID');
    expectError(await codeStep(a, await ticketFor(a, user.username, DEFAULT_TEST_PASSWORD), first.toUpperCase().replace('-', '')), 401, 'SECOND_FACTOR_INVALID');
    // Typed in capitals without the dash, an unused one works.
    const typed = await codeStep(a, await ticketFor(a, user.username, DEFAULT_TEST_PASSWORD), ` ${second.toUpperCase().replace('-', ' ')} `);
    expect(typed.statusCode).toBe(200);
    const status = await a.inject({ url: '/api/account/second-factor', headers: bearer(token) });
    expect(status.json()).toEqual({ totp: true, recoveryCodesLeft: 8 });
    // Another user's recovery code is no good here.
    const other = await signedInUser(a, ['dashboard:access']);
    const theirs = await enrolTotp(a, other.token, () => clock.now());
    expectError(await codeStep(a, await ticketFor(a, user.username, DEFAULT_TEST_PASSWORD), theirs.recoveryCodes[0] ?? ''), 401, 'SECOND_FACTOR_INVALID');
  });

  it('turning it off takes the password or a code; afterwards the password alone signs in again', async () => {
    const { a, clock, user, token } = await setUp();
    const { secret } = await enrolTotp(a, token, () => clock.now());
    const disable = (payload: object) => a.inject({ method: 'POST', url: '/api/account/second-factor/totp/disable', headers: bearer(token), payload });
    expectError(await disable({}), 400, 'VALIDATION_FAILED');
    expectError(await disable({ password: 'not-the-password' }), 400, 'WRONG_CURRENT_PASSWORD');
    // The enrolment's own code was used at confirmation: not again.
    expectError(await disable({ code: totpCodeAt(secret, clock.now()) }), 401, 'SECOND_FACTOR_INVALID');
    clock.advance(30_000);
    expect((await disable({ code: totpCodeAt(secret, clock.now()) })).statusCode).toBe(204);
    expectError(await disable({ password: DEFAULT_TEST_PASSWORD }), 409, 'TOTP_NOT_ENABLED');
    expect((await passwordStep(a, user.username, DEFAULT_TEST_PASSWORD)).body).toHaveProperty('access_token');

    await enrolTotp(a, token, () => clock.now());
    expect((await disable({ password: DEFAULT_TEST_PASSWORD })).statusCode).toBe(204);
    const status = await a.inject({ url: '/api/account/second-factor', headers: bearer(token) });
    expect(status.json<SecondFactorStatus>()).toEqual({ totp: false, recoveryCodesLeft: 0 });
  });
});
