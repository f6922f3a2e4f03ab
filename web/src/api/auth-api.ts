import {
  authCheckResponseSchema,
  loginResponseSchema,
  type AuthCheckResponse,
  type LoginRequest,
  type LoginResponse,
} from '@homecam/shared';
import type { HttpClient } from './http-client';

export function login(http: HttpClient, body: LoginRequest): Promise<LoginResponse> {
  return http.request('/auth/login', { method: 'POST', json: body, schema: loginResponseSchema, handlesUnauthorized: true, token: null });
}

export function checkSession(http: HttpClient, signal?: AbortSignal): Promise<AuthCheckResponse> {
  return http.request('/auth/check', { schema: authCheckResponseSchema, signal, handlesUnauthorized: true });
}

export function logout(http: HttpClient, token: string): Promise<void> {
  return http.request('/auth/logout', { method: 'POST', token, handlesUnauthorized: true });
}
