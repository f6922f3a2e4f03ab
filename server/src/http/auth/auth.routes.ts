import {
  authCheckResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  type LoginResponse,
} from '@homecam/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthService, LoginResult } from '../../services/auth.service.js';
import { toSessionUser } from '../../services/user.mapper.js';
import { bearerToken, clientInfo, requireAuth, SESSION_COOKIE } from '../request-auth.js';
import { errorResponses } from '../schemas.js';
import { defineRoutes } from '../define-routes.js';

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, result: LoginResult): void {
  reply.setCookie(SESSION_COOKIE, result.token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    maxAge: result.expiresInSeconds,
    // Only over TLS when the request came that way: most installs are plain HTTP on the home network.
    secure: request.protocol === 'https',
  });
}

export const authRoutes = defineRoutes<{ auth: AuthService }>((app, { auth }) => {
  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const result = await auth.login(request.body.username, request.body.password, clientInfo(request));
      setSessionCookie(request, reply, result);
      const body: LoginResponse = {
        access_token: result.token,
        token_type: 'Bearer',
        expires_in: result.expiresInSeconds,
        expires_at: result.expiresAt,
        user: toSessionUser(result.user),
      };
      return body;
    },
  );

  app.get(
    '/api/auth/check',
    {
      config: { access: 'signedIn', allowDuringCredentialChange: true },
      schema: { tags: ['auth'], response: { 200: authCheckResponseSchema, ...errorResponses(401) } },
    },
    (request) => ({ status: 'OK' as const, user: toSessionUser(requireAuth(request).user) }),
  );

  app.post(
    '/api/auth/logout',
    {
      // Public: signing out must work even with an expired or revoked token; it revokes the bearer if any.
      config: { access: 'public', allowDuringCredentialChange: true },
      schema: { tags: ['auth'], response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      await auth.logout(bearerToken(request));
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict' });
      return reply.code(204).send();
    },
  );
});
