import type { Passkey, PasskeyCeremony } from '@homecam/shared';
import { expect } from 'vitest';
import type { HomecamApp } from '../../src/app.js';
import { DEFAULT_TEST_PASSWORD } from './users.js';
import { SoftAuthenticator, type ClientOverrides, type SoftCredential } from './soft-authenticator.js';

/** The host the "browser" used and its page origin: the RP ID is the host name. */
export const HOST = 'homecam.test:8080';
export const ORIGIN = 'http://homecam.test:8080';
export const RP_ID = 'homecam.test';

/** What a browser on ORIGIN sends: Host, Origin, and the session if any. */
export function browserHeaders(token?: string, origin = ORIGIN): Record<string, string> {
  return { host: HOST, origin, ...(token && { authorization: `Bearer ${token}` }) };
}

export function newAuthenticator(): SoftAuthenticator {
  return new SoftAuthenticator(ORIGIN);
}

export async function startRegistration(app: HomecamApp, token: string, password = DEFAULT_TEST_PASSWORD) {
  return app.inject({ method: 'POST', url: '/api/account/passkeys/registration', headers: browserHeaders(token), payload: { password } });
}

/** Adds a passkey of `authenticator` to the token's account through the API. */
export async function enrolPasskey(app: HomecamApp, token: string, authenticator: SoftAuthenticator, name = 'Phone'): Promise<Passkey> {
  const started = await startRegistration(app, token);
  expect(started.statusCode).toBe(200);
  const { ceremony, options } = started.json<PasskeyCeremony>();
  const credential = authenticator.register(options);
  const finished = await app.inject({ method: 'POST', url: '/api/account/passkeys', headers: browserHeaders(token), payload: { ceremony, name, credential } });
  expect(finished.statusCode).toBe(201);
  return finished.json<Passkey>();
}

export async function signInOptions(app: HomecamApp, body: { username?: string } = {}, remoteAddress?: string): Promise<PasskeyCeremony> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/passkey/options', headers: browserHeaders(), payload: body, ...(remoteAddress && { remoteAddress }) });
  expect(response.statusCode).toBe(200);
  return response.json<PasskeyCeremony>();
}

export function answer(app: HomecamApp, ceremony: string, credential: object, remoteAddress?: string, origin = ORIGIN) {
  return app.inject({ method: 'POST', url: '/api/auth/passkey', headers: browserHeaders(undefined, origin), payload: { ceremony, credential }, ...(remoteAddress && { remoteAddress }) });
}

/** A whole passkey sign-in: options (with or without a username), the authenticator's answer, the server's verdict. */
export async function passkeySignIn(
  app: HomecamApp,
  authenticator: SoftAuthenticator,
  options: { username?: string; overrides?: ClientOverrides & { credential?: SoftCredential } } = {},
) {
  const started = await signInOptions(app, options.username === undefined ? {} : { username: options.username });
  return answer(app, started.ceremony, authenticator.assert(started.options, options.overrides));
}
