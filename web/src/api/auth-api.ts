import {
  authCheckResponseSchema,
  loginOutcomeSchema,
  type AuthCheckResponse,
  type LoginOutcome,
  type LoginRequest,
} from '@homecam/shared';
import type { HttpClient } from './http-client';

/** A session, or (issue 21) the ticket for the second factor the account needs. */
export function login(http: HttpClient, body: LoginRequest): Promise<LoginOutcome> {
  return http.request('/auth/login', { method: 'POST', json: body, schema: loginOutcomeSchema, handlesUnauthorized: true, token: null });
}

export function checkSession(http: HttpClient, signal?: AbortSignal): Promise<AuthCheckResponse> {
  return http.request('/auth/check', { schema: authCheckResponseSchema, signal, handlesUnauthorized: true });
}

export function logout(http: HttpClient, token: string): Promise<void> {
  return http.request('/auth/logout', { method: 'POST', token, handlesUnauthorized: true });
}
