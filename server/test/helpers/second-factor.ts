import type { LoginOutcome, RecoveryCodes, SecondFactorChallenge, TotpEnrolment } from '@homecam/shared';
import { expect } from 'vitest';
import type { HomecamApp } from '../../src/app.js';
import { totpCodeAt } from '../../src/second-factor/totp.js';
import { bearer } from './users.js';

export const ADDRESS = '192.168.1.20';

/** POST /api/auth/login from `remoteAddress`; the answer parsed. */
export async function passwordStep(app: HomecamApp, username: string, password: string, remoteAddress = ADDRESS) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });
  return { response, body: response.json<LoginOutcome>() };
}

/** The password step of an account with a second factor: it must answer a ticket, never a session. */
export async function ticketFor(app: HomecamApp, username: string, password: string, remoteAddress = ADDRESS): Promise<string> {
  const { response, body } = await passwordStep(app, username, password, remoteAddress);
  expect(response.statusCode).toBe(200);
  expect(response.headers['set-cookie']).toBeUndefined();
  expect(body).not.toHaveProperty('access_token');
  return (body as SecondFactorChallenge).ticket;
}

export function codeStep(app: HomecamApp, ticket: string, code: string, remoteAddress = ADDRESS) {
  return app.inject({ method: 'POST', url: '/api/auth/second-factor', payload: { ticket, code }, remoteAddress });
}

/** Sets up the authenticator app for the token's user through the API; returns the secret and the recovery codes. */
export async function enrolTotp(app: HomecamApp, token: string, now: () => number): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await app.inject({ method: 'POST', url: '/api/account/second-factor/totp', headers: bearer(token) });
  expect(started.statusCode).toBe(200);
  const { secret } = started.json<TotpEnrolment>();
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/account/second-factor/totp/confirm',
    headers: bearer(token),
    payload: { code: totpCodeAt(secret, now()) },
  });
  expect(confirmed.statusCode).toBe(200);
  return { secret, recoveryCodes: confirmed.json<RecoveryCodes>().recoveryCodes };
}
