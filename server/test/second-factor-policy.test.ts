import type { AuthCheckResponse, LoginResponse } from '@homecam/shared';
import { afterEach, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { expectError } from './helpers/http.js';
import { enrolTotp, passwordStep } from './helpers/second-factor.js';
import { createTestApp } from './helpers/test-app.js';
import { bearer, DEFAULT_TEST_PASSWORD, signedInUser, tokenFor } from './helpers/users.js';

/** Issue 21: the system requires a second factor of admins or of everyone; whoever has none may only set one up. */
describe('second-factor policy', () => {
  let app: HomecamApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  const setPolicy = (a: HomecamApp, token: string, policy: unknown) =>
    a.inject({ method: 'PUT', url: '/api/settings/second-factor', headers: bearer(token), payload: { policy } });
  const check = (a: HomecamApp, token: string) => a.inject({ url: '/api/auth/check', headers: bearer(token) }).then((r) => r.json<AuthCheckResponse>().user);

  it('"admins": an admin without a factor signs in to the enrolment only, and is let through the moment it is set up', async () => {
    const clock = new FakeClock();
    app = await createTestApp({ clock });
    const a = app;
    const owner = await signedInUser(a, ['admin']);
    const viewer = await signedInUser(a, ['cameras:access']);
    expectError(await setPolicy(a, viewer.token, 'admins'), 403, 'FORBIDDEN');
    expectError(await setPolicy(a, owner.token, 'sometimes'), 400, 'VALIDATION_FAILED');
    expect((await a.inject({ url: '/api/cameras', headers: bearer(owner.token) })).statusCode).toBe(200);

    expect((await setPolicy(a, owner.token, 'admins')).json()).toEqual({ policy: 'admins' });
    expect(a.homecam.config.get().secondFactorPolicy).toBe('admins');
    // The open session of the admin is limited at once; the viewer's is not.
    expectError(await a.inject({ url: '/api/cameras', headers: bearer(owner.token) }), 403, 'SECOND_FACTOR_ENROLMENT_REQUIRED');
    expectError(await a.inject({ url: '/api/settings/second-factor', headers: bearer(owner.token) }), 403, 'SECOND_FACTOR_ENROLMENT_REQUIRED');
    expect((await a.inject({ url: '/api/cameras', headers: bearer(viewer.token) })).statusCode).toBe(200);
    expect(await check(a, owner.token)).toMatchObject({ username: owner.user.username, secondFactorEnrolmentDue: true });
    expect(await check(a, viewer.token)).toMatchObject({ secondFactorEnrolmentDue: false });

    // A fresh sign-in says so too (no second step yet: there is no factor to ask for).
    const { body } = await passwordStep(a, owner.user.username, DEFAULT_TEST_PASSWORD);
    const session = body as LoginResponse;
    expect(session.user.secondFactorEnrolmentDue).toBe(true);
    expectError(await a.inject({ url: '/api/users', headers: bearer(session.access_token) }), 403, 'SECOND_FACTOR_ENROLMENT_REQUIRED');

    await enrolTotp(a, session.access_token, () => clock.now());
    expect((await a.inject({ url: '/api/users', headers: bearer(session.access_token) })).statusCode).toBe(200);
    expect(await check(a, session.access_token)).toMatchObject({ secondFactorEnrolmentDue: false });
    // Setting up the factor ended the account's other sessions (issue 21): one from before it is not trusted after.
    expectError(await a.inject({ url: '/api/auth/check', headers: bearer(owner.token) }), 401, 'UNAUTHENTICATED');
  });

  it('"everyone": a non-admin without a factor is limited too; and an admin reset limits them again', async () => {
    const clock = new FakeClock();
    app = await createTestApp({ clock });
    const a = app;
    const owner = await signedInUser(a, ['admin']);
    await enrolTotp(a, owner.token, () => clock.now());
    const viewer = await signedInUser(a, ['cameras:access']);
    expect((await setPolicy(a, owner.token, 'everyone')).statusCode).toBe(200);
    expectError(await a.inject({ url: '/api/cameras', headers: bearer(viewer.token) }), 403, 'SECOND_FACTOR_ENROLMENT_REQUIRED');
    await expect(a.homecam.auth.authenticate(viewer.token)).resolves.toMatchObject({ secondFactorEnrolmentDue: true });
    // Only the enrolment's own routes: not even turning a factor off or signing in a second step.
    expectError(await a.inject({ method: 'POST', url: '/api/account/second-factor/totp/disable', headers: bearer(viewer.token), payload: { password: 'x' } }), 403, 'SECOND_FACTOR_ENROLMENT_REQUIRED');
    expect((await a.inject({ url: '/api/account/second-factor', headers: bearer(viewer.token) })).statusCode).toBe(200);

    await enrolTotp(a, viewer.token, () => clock.now());
    expect((await a.inject({ url: '/api/cameras', headers: bearer(viewer.token) })).statusCode).toBe(200);
    // An admin's reset ends the user's sessions (the lost phone may hold one) and brings the limit back: signed in
    // again, the user must set a new one up at once.
    expect((await a.inject({ method: 'DELETE', url: `/api/users/${viewer.user.id}/second-factor`, headers: bearer(owner.token) })).statusCode).toBe(204);
    expectError(await a.inject({ url: '/api/cameras', headers: bearer(viewer.token) }), 401, 'UNAUTHENTICATED');
    const again = await tokenFor(a, viewer.user);
    expectError(await a.inject({ url: '/api/cameras', headers: bearer(again) }), 403, 'SECOND_FACTOR_ENROLMENT_REQUIRED');

    expect((await setPolicy(a, owner.token, 'off')).statusCode).toBe(200);
    expect((await a.inject({ url: '/api/cameras', headers: bearer(again) })).statusCode).toBe(200);
  });
});
