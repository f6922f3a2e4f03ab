import {
  authCheckResponseSchema,
  loginResponseSchema,
  type AuthCheckResponse,
  type LoginRequest,
  type LoginResponse,
} from '@homecam/shared';
import { apiRequest } from './http-client';

export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiRequest('/auth/login', { method: 'POST', json: body, schema: loginResponseSchema, handlesUnauthorized: true, token: null });
}

export function checkSession(signal?: AbortSignal): Promise<AuthCheckResponse> {
  return apiRequest('/auth/check', { schema: authCheckResponseSchema, signal, handlesUnauthorized: true });
}

export function logout(token: string): Promise<void> {
  return apiRequest('/auth/logout', { method: 'POST', token, handlesUnauthorized: true });
}
