import type { LoginResponse, PasskeyCeremony, PasskeyList, SecondFactorChallenge } from '@homecam/shared';
import { afterEach, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { expectError } from './helpers/http.js';
import { answer, browserHeaders, enrolPasskey, newAuthenticator, passkeySignIn } from './helpers/passkeys.js';
import { enrolTotp, passwordStep, ticketFor } from './helpers/second-factor.js';
import { createTestApp } from './helpers/test-app.js';
import { bearer, DEFAULT_TEST_PASSWORD, signedInUser } from './helpers/users.js';

/** Issue 21: a passkey as the second factor after the password, for the policy, and in an admin's reset. */
describe('passkeys as a second factor', () => {
  let app: HomecamApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  const ADDRESS = '192.168.1.20';
  const secondStepOptions = (a: HomecamApp, ticket: string) =>
    a.inject({ method: 'POST', url: '/api/auth/second-factor/passkey/options', headers: browserHeaders(), payload: { ticket }, remoteAddress: ADDRESS });

  it('after the password, the account\'s passkey (presence is enough) completes the sign-in once per ticket', async () => {
    const clock = new FakeClock();
    app = await createTestApp({ clock });
    const a = app;
    const { user, token } = await signedInUser(a, ['dashboard:access']);
    const other = await signedInUser(a, ['dashboard:access']);
    const key = newAuthenticator();
    const othersKey = newAuthenticator();
    await enrolPasskey(a, token, key);
    await enrolPasskey(a, other.token, othersKey);

    const { body } = await passwordStep(a, user.username, DEFAULT_TEST_PASSWORD);
    expect(body).toMatchObject({ status: 'secondFactorRequired', methods: ['passkey'] });
    const { ticket } = body as SecondFactorChallenge;
    const started = await secondStepOptions(a, ticket);
    const { ceremony, options } = started.json<PasskeyCeremony>();
    expect(options).toMatchObject({ userVerification: 'preferred', allowCredentials: [{ id: key.credentials[0]?.id.toString('base64url') }] });
    // Another account's passkey cannot stand in for this one's.
    expectError(await answer(a, ceremony, othersKey.assert(options, { credential: othersKey.credentials[0] }), ADDRESS), 401, 'PASSKEY_INVALID');
    const retry = (await secondStepOptions(a, ticket)).json<PasskeyCeremony>();
    const signedIn = await answer(a, retry.ceremony, key.assert(retry.options, { userVerified: false }), ADDRESS);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<LoginResponse>().user.username).toBe(user.username);
    // The ticket is spent.
    expectError(await secondStepOptions(a, ticket), 401, 'SECOND_FACTOR_INVALID');
    expectError(await secondStepOptions(a, 'not-a-ticket'), 401, 'SECOND_FACTOR_INVALID');
  });

  it('with an app and a passkey, both are offered; a passkey alone satisfies a policy requiring a second factor', async () => {
    const clock = new FakeClock();
    app = await createTestApp({ clock });
    const a = app;
    const admin = await signedInUser(a, ['admin']);
    const both = await signedInUser(a, ['dashboard:access']);
    await enrolTotp(a, both.token, () => clock.now());
    await enrolPasskey(a, both.token, newAuthenticator());
    expect((await passwordStep(a, both.user.username, DEFAULT_TEST_PASSWORD)).body).toMatchObject({ methods: ['totp', 'recovery', 'passkey'] });

    const policy = await a.inject({ method: 'PUT', url: '/api/settings/second-factor', headers: bearer(admin.token), payload: { policy: 'everyone' } });
    expect(policy.statusCode).toBe(200);
    const fresh = await signedInUser(a, ['dashboard:access']);
    const due = async (token: string) => (await a.inject({ url: '/api/auth/check', headers: bearer(token) })).json<{ user: { secondFactorEnrolmentDue: boolean } }>().user.secondFactorEnrolmentDue;
    expect(await due(fresh.token)).toBe(true);
    // Adding a passkey is open while the factor is owed (renaming it is not), and lifts the limit at once.
    const added = await enrolPasskey(a, fresh.token, newAuthenticator());
    const rename = () => a.inject({ method: 'PATCH', url: `/api/account/passkeys/${added.id}`, headers: bearer(fresh.token), payload: { name: 'Key' } });
    expect(await due(fresh.token)).toBe(false);
    expect((await rename()).statusCode).toBe(200);
    await a.inject({ method: 'POST', url: `/api/account/passkeys/${added.id}/remove`, headers: bearer(fresh.token), payload: { password: DEFAULT_TEST_PASSWORD } });
    expect(await due(fresh.token)).toBe(true);
    expectError(await rename(), 403, 'SECOND_FACTOR_ENROLMENT_REQUIRED');
  });

  it('an admin\'s reset removes the passkeys too: the password alone signs in, the passkey no longer does', async () => {
    const clock = new FakeClock();
    app = await createTestApp({ clock, logLevel: 'info' });
    const a = app;
    const admin = await signedInUser(a, ['admin']);
    const { user, token } = await signedInUser(a, ['dashboard:access']);
    const key = newAuthenticator();
    await enrolPasskey(a, token, key, 'Phone');
    expect((await ticketFor(a, user.username, DEFAULT_TEST_PASSWORD)).length).toBeGreaterThan(20);
    const reset = await a.inject({ method: 'DELETE', url: `/api/users/${user.id}/second-factor`, headers: bearer(admin.token) });
    expect(reset.statusCode).toBe(204);
    expect((await a.inject({ url: '/api/account/passkeys', headers: bearer(token) })).json<PasskeyList>().passkeys).toEqual([]);
    expect((await passwordStep(a, user.username, DEFAULT_TEST_PASSWORD)).body).toHaveProperty('access_token');
    expectError(await passkeySignIn(a, key), 401, 'PASSKEY_INVALID');

    const log = await a.inject({ url: '/api/system/log?limit=2000', headers: bearer(admin.token) });
    const messages = log.json<{ entries: { message: string }[] }>().entries.map((entry) => entry.message);
    expect(messages.some((m) => m.startsWith(`"${user.username}" added a passkey "Phone"`))).toBe(true);
    expect(messages).toContain(`user "${user.username}": second factors reset by ${admin.user.username} (127.0.0.1)`);
    expect(messages.some((m) => m.startsWith('sign-in failed for an unknown user name') || m.includes('passkey refused'))).toBe(true);
  });
});
