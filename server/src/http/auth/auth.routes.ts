import {
  authCheckResponseSchema,
  loginOutcomeSchema,
  loginRequestSchema,
  type LoginResponse,
  type SecondFactorChallenge,
} from '@homecam/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthService, LoginResult } from '../../services/auth.service.js';
import { toSessionUser } from '../../services/user.mapper.js';
import { bearerToken, clientInfo, requireAuth, SESSION_COOKIE } from '../request-auth.js';
import { errorResponses } from '../schemas.js';
import { defineRoutes } from '../define-routes.js';

/** A started session as the sign-in routes answer it (password alone, or after the second factor): cookie and body. */
export function sessionReply(request: FastifyRequest, reply: FastifyReply, result: LoginResult): LoginResponse {
  setSessionCookie(request, reply, result);
  return {
    access_token: result.token,
    token_type: 'Bearer',
    expires_in: result.expiresInSeconds,
    expires_at: result.expiresAt,
    user: { ...toSessionUser(result.user), secondFactorEnrolmentDue: result.secondFactorEnrolmentDue },
  };
}

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
        description: 'A session, or (issue 21) `status: secondFactorRequired` with a ticket for POST /api/auth/second-factor.',
        response: { 200: loginOutcomeSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const result = await auth.login(request.body.username, request.body.password, clientInfo(request));
      if ('ticket' in result) {
        const challenge: SecondFactorChallenge = { status: 'secondFactorRequired', ticket: result.ticket, methods: result.methods, expires_in: result.expiresInSeconds };
        return challenge;
      }
      return sessionReply(request, reply, result);
    },
  );

  app.get(
    '/api/auth/check',
    {
      config: { access: 'signedIn', allowDuringCredentialChange: true, allowDuringSecondFactorEnrolment: true },
      schema: { tags: ['auth'], response: { 200: authCheckResponseSchema, ...errorResponses(401) } },
    },
    (request) => {
      const { user, secondFactorEnrolmentDue } = requireAuth(request);
      return { status: 'OK' as const, user: { ...toSessionUser(user), secondFactorEnrolmentDue } };
    },
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
