import { adminApiTokenListQuerySchema, adminApiTokenListSchema, apiTokenListSchema, apiTokenParamsSchema, createApiTokenRequestSchema, createdApiTokenSchema, userIdParamsSchema } from '@homecam/shared';
import { z } from 'zod';
import { defineRoutes } from '../http/define-routes.js';
import { actorOf, requireAuth } from '../http/request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';
import type { UserService } from '../services/user.service.js';
import type { ApiTokenService } from './api-token.service.js';

export interface ApiTokenRouteDeps extends Record<string, unknown> {
  tokens: ApiTokenService;
  users: Pick<UserService, 'get'>;
}

/**
 * Issue 21: API tokens. Made by their owner only (an admin cannot mint a token in someone else's name), listed and
 * revoked by the owner or an admin; an admin also lists every user's at once (and revokes through the per-user route,
 * so a revocation closes the token's streams and socket the one way it always has). Every route is session-only: a token never makes, lists or revokes tokens.
 */
export const apiTokenRoutes = defineRoutes<ApiTokenRouteDeps>((app, { tokens, users }) => {
  app.post('/api/account/tokens', {
    config: { access: 'signedIn', sessionOnly: true },
    schema: {
      tags: ['account'],
      description: 'Makes an API token for integrations (use as `Authorization: Bearer <token>`). The token is in this answer only; scopes must be permissions the caller holds; expiresInDays 30, 90, 365 or null (never).',
      body: createApiTokenRequestSchema,
      response: { 201: createdApiTokenSchema, ...errorResponses(400, ...AUTH_ERRORS, 409) },
    },
  }, async (request, reply) => reply.code(201).send(await tokens.create(requireAuth(request).user, request.body, actorOf(request))));

  app.get('/api/users/tokens', {
    config: { access: 'admin', sessionOnly: true },
    schema: {
      tags: ['users'],
      description: 'Every user\'s API tokens for an admin: owner, name, scopes, created, last used, expiry; never the token. Newest first, at most `limit` (1-100, default 50) a page; `cursor` = the previous `nextCursor`. Revoke one with DELETE /api/users/{userId}/tokens/{id}.',
      querystring: adminApiTokenListQuerySchema,
      response: { 200: adminApiTokenListSchema, ...errorResponses(400, ...AUTH_ERRORS) },
    },
  }, (request) => tokens.listAll(request.query));

  app.get('/api/users/:id/tokens', {
    config: { access: 'selfOrAdmin', sessionOnly: true },
    schema: {
      tags: ['users'],
      description: 'A user\'s API tokens: name, scopes, created, last used (updated at most once a minute), expiry. Never the token.',
      params: userIdParamsSchema,
      response: { 200: apiTokenListSchema, ...errorResponses(400, ...AUTH_ERRORS, 404) },
    },
  }, async (request) => ({ result: await tokens.list(await users.get(request.params.id)) }));

  app.delete('/api/users/:id/tokens/:tokenId', {
    config: { access: 'selfOrAdmin', sessionOnly: true },
    schema: {
      tags: ['users'],
      description: 'Revokes an API token: refused from the next request on, and a live stream or socket opened with it closes at once.',
      params: apiTokenParamsSchema,
      response: { 204: z.undefined(), ...errorResponses(400, ...AUTH_ERRORS, 404) },
    },
  }, async (request, reply) => {
    await tokens.revoke(await users.get(request.params.id), request.params.tokenId, actorOf(request));
    return reply.code(204).send();
  });
});
