import {
  loginResponseSchema,
  passkeyCeremonySchema,
  passkeyListSchema,
  passkeySchema,
  type LoginResponse,
  type Passkey,
  type PasskeyCeremony,
  type PasskeyList,
} from '@homecam/shared';
import type { HttpClient } from './http-client';

/** Issue 21: the own passkeys (Settings → Account) and signing in with one. */
export function listPasskeys(http: HttpClient, signal?: AbortSignal): Promise<PasskeyList> {
  return http.request('/account/passkeys', { schema: passkeyListSchema, signal });
}

export function startPasskeyRegistration(http: HttpClient, password: string): Promise<PasskeyCeremony> {
  return http.request('/account/passkeys/registration', { method: 'POST', json: { password }, schema: passkeyCeremonySchema });
}

export function finishPasskeyRegistration(http: HttpClient, body: { ceremony: string; name: string; credential: unknown }): Promise<Passkey> {
  return http.request('/account/passkeys', { method: 'POST', json: body, schema: passkeySchema });
}

export function renamePasskey(http: HttpClient, id: number, name: string): Promise<Passkey> {
  return http.request(`/account/passkeys/${id}`, { method: 'PATCH', json: { name }, schema: passkeySchema });
}

export function removePasskey(http: HttpClient, id: number, password: string): Promise<void> {
  return http.request(`/account/passkeys/${id}/remove`, { method: 'POST', json: { password } });
}

/** A sign-in ceremony: usernameless without `username`. */
export function passkeySignInOptions(http: HttpClient, username?: string): Promise<PasskeyCeremony> {
  return http.request('/auth/passkey/options', { method: 'POST', json: username ? { username } : {}, schema: passkeyCeremonySchema, token: null });
}

/** The second step after the password, with a passkey. 401 is a refused ticket, not a lost session. */
export function passkeySecondStepOptions(http: HttpClient, ticket: string): Promise<PasskeyCeremony> {
  return http.request('/auth/second-factor/passkey/options', { method: 'POST', json: { ticket }, schema: passkeyCeremonySchema, handlesUnauthorized: true, token: null });
}

export function finishPasskeySignIn(http: HttpClient, body: { ceremony: string; credential: unknown }): Promise<LoginResponse> {
  return http.request('/auth/passkey', { method: 'POST', json: body, schema: loginResponseSchema, handlesUnauthorized: true, token: null });
}
