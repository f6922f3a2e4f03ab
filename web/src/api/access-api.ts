import {
  adminApiTokenListSchema,
  apiTokenListSchema,
  createdApiTokenSchema,
  sessionListSchema,
  sessionsEndedSchema,
  type AdminApiTokenList,
  type CreateApiTokenRequest,
  type CreatedApiToken,
  type SessionList,
} from '@homecam/shared';
import type { z } from 'zod';
import type { HttpClient } from './http-client';

/** Issue 21: a user's signed-in devices (own, or any user's for an admin). */
export function listSessions(http: HttpClient, userId: number, signal?: AbortSignal): Promise<SessionList> {
  return http.request(`/users/${userId}/sessions`, { schema: sessionListSchema, signal });
}

export function endSession(http: HttpClient, userId: number, sessionId: string): Promise<void> {
  return http.request(`/users/${userId}/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' });
}

export function endOtherSessions(http: HttpClient, userId: number): Promise<{ ended: number }> {
  return http.request(`/users/${userId}/sessions`, { method: 'DELETE', schema: sessionsEndedSchema });
}

/** Issue 21: API tokens for integrations. */
export function listApiTokens(http: HttpClient, userId: number, signal?: AbortSignal): Promise<z.infer<typeof apiTokenListSchema>> {
  return http.request(`/users/${userId}/tokens`, { schema: apiTokenListSchema, signal });
}

/** Every user's API tokens with their owners (admin), a page after `cursor` (the previous page's `nextCursor`). */
export function listAllApiTokens(http: HttpClient, cursor: string | null, signal?: AbortSignal): Promise<AdminApiTokenList> {
  const params = new URLSearchParams({ limit: String(ALL_TOKENS_PAGE) });
  if (cursor !== null) params.set('cursor', cursor);
  return http.request(`/users/tokens?${params.toString()}`, { schema: adminApiTokenListSchema, signal });
}

/** A page of the admin's list: a home install's tokens usually fit in one. */
const ALL_TOKENS_PAGE = 50;

export function createApiToken(http: HttpClient, body: CreateApiTokenRequest): Promise<CreatedApiToken> {
  return http.request('/account/tokens', { method: 'POST', json: body, schema: createdApiTokenSchema });
}

export function revokeApiToken(http: HttpClient, userId: number, tokenId: string): Promise<void> {
  return http.request(`/users/${userId}/tokens/${encodeURIComponent(tokenId)}`, { method: 'DELETE' });
}
