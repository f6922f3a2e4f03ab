import type { LoginResponse, PasskeyList } from '@homecam/shared';
import { afterEach, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { expectError } from './helpers/http.js';
import { LogCapture } from './helpers/log-capture.js';
import { answer, enrolPasskey, newAuthenticator, passkeySignIn, signInOptions } from './helpers/passkeys.js';
import { allowedCredentialIds } from './helpers/soft-authenticator.js';
import { createTestApp } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/** Issue 21, signing in with a passkey alone: real assertions from a software authenticator, real SQLite. */
describe('passkeys: signing in without a password', () => {
  let app: HomecamApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function setUp(throttle?: { freeFailures: number; lockFailures: number; windowMs: number; lockMs: number }) {
    const clock = new FakeClock();
    app = await createTestApp({ clock, ...(throttle && { loginThrottle: throttle }) });
    const alice = await signedInUser(app, ['dashboard:access'], { username: 'alice' });
    const bob = await signedInUser(app, ['dashboard:access'], { username: 'bob' });
    const alicesKey = newAuthenticator();
    const bobsKey = newAuthenticator();
    await enrolPasskey(app, alice.token, alicesKey);
    await enrolPasskey(app, bob.token, bobsKey);
    return { a: app, clock, alice, bob, alicesKey, bobsKey };
  }

  it('a discoverable passkey signs its own account in (user verified, no further factor) and is dated', async () => {
    const { a, alice, alicesKey } = await setUp();
    const { options } = await signInOptions(a);
    expect(options).toMatchObject({ rpId: 'homecam.test', userVerification: 'required', allowCredentials: [] });
    const signedIn = await passkeySignIn(a, alicesKey);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['set-cookie']).toMatch(/^homecam_session=/);
    const session = signedIn.json<LoginResponse>();
    expect(session.user.username).toBe('alice');
    const check = await a.inject({ url: '/api/auth/check', headers: bearer(session.access_token) });
    expect(check.statusCode).toBe(200);
    const [key] = (await a.inject({ url: '/api/account/passkeys', headers: bearer(alice.token) })).json<PasskeyList>().passkeys;
    expect(key?.lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed assertion, one with a counter that did not grow, and an answer to a used ceremony', async () => {
    const { a, alicesKey } = await setUp();
    const first = await signInOptions(a);
    const assertion = alicesKey.assert(first.options);
    expect((await answer(a, first.ceremony, assertion)).statusCode).toBe(200);
    // The same answer again: its ceremony is used.
    expectError(await answer(a, first.ceremony, assertion), 401, 'PASSKEY_INVALID');
    // The same answer to a fresh ceremony: signed over another challenge.
    expectError(await answer(a, (await signInOptions(a)).ceremony, assertion), 401, 'PASSKEY_INVALID');
    // A fresh signature whose counter stayed where it was (a cloned authenticator): refused.
    expectError(await passkeySignIn(a, alicesKey, { overrides: { counterStep: 0 } }), 401, 'PASSKEY_INVALID');
    expect((await passkeySignIn(a, alicesKey)).statusCode).toBe(200);
  });

  it('refuses another account\'s passkey for a username-first sign-in, and a user handle that is not the passkey\'s', async () => {
    const { a, alicesKey, bobsKey } = await setUp();
    const forAlice = await signInOptions(a, { username: 'Alice' });
    const allowed = allowedCredentialIds(forAlice.options);
    expect(allowed).toEqual([alicesKey.credentials[0]?.id.toString('base64url')]);
    // Bob's passkey answers Alice's ceremony: a valid signature, but not one of hers.
    expectError(await answer(a, forAlice.ceremony, bobsKey.assert(forAlice.options, { credential: bobsKey.credentials[0] })), 401, 'PASSKEY_INVALID');
    // Alice's credential claiming Bob's user handle (the handle is not signed: the server compares it).
    const any = await signInOptions(a);
    const forged = alicesKey.assert(any.options);
    forged.response.userHandle = bobsKey.credentials[0]?.userHandle ?? '';
    expectError(await answer(a, any.ceremony, forged), 401, 'PASSKEY_INVALID');
    expect((await passkeySignIn(a, alicesKey, { username: 'alice' })).json<LoginResponse>().user.username).toBe('alice');
  });

  it('refuses a wrong origin, a wrong RP ID, no user verification, an expired ceremony and one from another address', async () => {
    const { a, clock, alicesKey } = await setUp();
    expectError(await passkeySignIn(a, alicesKey, { overrides: { origin: 'http://evil.test:8080' } }), 401, 'PASSKEY_INVALID');
    expectError(await passkeySignIn(a, alicesKey, { overrides: { rpId: 'evil.test' } }), 401, 'PASSKEY_INVALID');
    expectError(await passkeySignIn(a, alicesKey, { overrides: { userVerified: false } }), 401, 'PASSKEY_INVALID');
    // The answer sent from a page on another host never reaches the check.
    const started = await signInOptions(a);
    expectError(await answer(a, started.ceremony, alicesKey.assert(started.options), undefined, 'http://evil.test:8080'), 400, 'PASSKEY_ORIGIN_REFUSED');
    const late = await signInOptions(a);
    clock.advance(2 * 60_000 + 1);
    expectError(await answer(a, late.ceremony, alicesKey.assert(late.options)), 401, 'PASSKEY_INVALID');
    const elsewhere = await signInOptions(a, {}, '10.0.0.7');
    expectError(await answer(a, elsewhere.ceremony, alicesKey.assert(elsewhere.options), '10.0.0.8'), 401, 'PASSKEY_INVALID');
    expect((await passkeySignIn(a, alicesKey)).statusCode).toBe(200);
  });

  it('a name without passkeys gets one made-up credential id, the same each time, and nobody\'s real one', async () => {
    const { a, alicesKey, bobsKey } = await setUp();
    const idsFor = async (username: string) => allowedCredentialIds((await signInOptions(a, { username })).options);
    const first = await idsFor('nobody');
    expect(first).toHaveLength(1);
    expect(await idsFor('NOBODY')).toEqual(first);
    expect(await idsFor('someone-else')).not.toEqual(first);
    const real = [...alicesKey.credentials, ...bobsKey.credentials].map((c) => c.id.toString('base64url'));
    expect(real).not.toContain(first[0]);
  });

  it('failed passkey sign-ins are throttled like passwords: the address is locked, a right passkey included', async () => {
    const { a, alicesKey } = await setUp({ freeFailures: 1, lockFailures: 3, windowMs: 60_000, lockMs: 30_000 });
    for (let i = 0; i < 3; i += 1) expectError(await passkeySignIn(a, alicesKey, { overrides: { userVerified: false } }), 401, 'PASSKEY_INVALID');
    const refused = await passkeySignIn(a, alicesKey);
    expectError(refused, 429, 'RATE_LIMITED');
    expect(refused.json<{ error: { details: { retryAfterSeconds: number } } }>().error.details.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('no challenge, ceremony, signature or key reaches a log line, even at debug', async () => {
    const capture = new LogCapture();
    app = await createTestApp({ clock: new FakeClock(), logLevel: 'debug', logStream: capture });
    const a = app;
    const { token } = await signedInUser(a, ['dashboard:access']);
    const key = newAuthenticator();
    await enrolPasskey(a, token, key);
    const started = await signInOptions(a);
    const assertion = key.assert(started.options);
    expect((await answer(a, started.ceremony, assertion)).statusCode).toBe(200);
    expectError(await answer(a, started.ceremony, assertion), 401, 'PASSKEY_INVALID');
    expect(capture.text).toContain('/api/auth/passkey'); // the requests were logged at debug …
    const publicKey = key.credentials[0]?.publicKey.export({ format: 'jwk' }).x ?? 'missing';
    for (const value of [started.options.challenge, started.ceremony, assertion.response.signature, assertion.response.clientDataJSON, publicKey]) {
      expect(capture.text).not.toContain(value); // … without what they carried
    }
  });
});
