import {
  loginResponseSchema,
  recoveryCodesSchema,
  secondFactorStatusSchema,
  secondFactorVerifyRequestSchema,
  totpCodeRequestSchema,
  totpDisableRequestSchema,
  totpEnrolmentSchema,
  userIdParamsSchema,
} from '@homecam/shared';
import { z } from 'zod';
import { sessionReply } from '../http/auth/auth.routes.js';
import { defineRoutes } from '../http/define-routes.js';
import { actorOf, clientInfo, requireAuth } from '../http/request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';
import type { UserService } from '../services/user.service.js';
import type { SecondFactorService } from './second-factor.service.js';

export interface SecondFactorRouteDeps extends Record<string, unknown> {
  factors: SecondFactorService;
  users: Pick<UserService, 'get'>;
}

/**
 * Issue 21: the sign-in's second step (public: the ticket is the credential), the caller's own authenticator app
 * (signed in; never another user's), and an admin's reset. No answer carries a secret except the enrolment's own,
 * before it is confirmed, and the recovery codes, once.
 */
export const secondFactorRoutes = defineRoutes<SecondFactorRouteDeps>((app, { factors, users }) => {
  app.post('/api/auth/second-factor', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      description: 'The second step of a sign-in: a one-time code (six digits) or a recovery code for the ticket from POST /api/auth/login.',
      body: secondFactorVerifyRequestSchema,
      response: { 200: loginResponseSchema, ...errorResponses(400, 401, 429) },
    },
  }, async (request, reply) => {
    const result = await factors.completeSignIn(request.body.ticket, request.body.code, clientInfo(request));
    return sessionReply(request, reply, result);
  });

  app.get('/api/account/second-factor', {
    config: { access: 'signedIn', allowDuringSecondFactorEnrolment: true, sessionOnly: true },
    schema: { tags: ['account'], response: { 200: secondFactorStatusSchema, ...errorResponses(...AUTH_ERRORS) } },
  }, (request) => factors.status(requireAuth(request).user));

  app.post('/api/account/second-factor/totp', {
    config: { access: 'signedIn', allowDuringSecondFactorEnrolment: true, sessionOnly: true },
    schema: {
      tags: ['account'],
      description: 'Starts setting up an authenticator app: a new secret with its otpauth URI and QR code (SVG). Confirm with a code.',
      response: { 200: totpEnrolmentSchema, ...errorResponses(...AUTH_ERRORS, 409) },
    },
  }, (request) => factors.startTotp(requireAuth(request).user));

  app.post('/api/account/second-factor/totp/confirm', {
    config: { access: 'signedIn', allowDuringSecondFactorEnrolment: true, sessionOnly: true },
    schema: {
      tags: ['account'],
      description: 'Confirms the set-up with a first code; answers the ten recovery codes, shown this once. Ends the caller\'s other sessions.',
      body: totpCodeRequestSchema,
      response: { 200: recoveryCodesSchema, ...errorResponses(400, ...AUTH_ERRORS, 409, 429) },
    },
  }, async (request) => {
    const { user, sessionId } = requireAuth(request);
    return { recoveryCodes: await factors.confirmTotp(user, request.body.code, clientInfo(request), sessionId) };
  });

  app.post('/api/account/second-factor/totp/disable', {
    config: { access: 'signedIn', sessionOnly: true },
    schema: {
      tags: ['account'],
      description: 'Turns the authenticator app and its recovery codes off; needs the password or a current code. Ends the caller\'s other sessions.',
      body: totpDisableRequestSchema,
      response: { 204: z.undefined(), ...errorResponses(400, ...AUTH_ERRORS, 409, 429) },
    },
  }, async (request, reply) => {
    const { user, sessionId } = requireAuth(request);
    await factors.disableTotp(user, request.body, clientInfo(request), sessionId);
    return reply.code(204).send();
  });

  app.delete('/api/users/:id/second-factor', {
    config: { access: 'admin', sessionOnly: true },
    schema: {
      tags: ['users'],
      description: 'An admin removes every second factor of a user (a lost phone) and ends that user\'s sessions; written to the audit trail.',
      params: userIdParamsSchema,
      response: { 204: z.undefined(), ...errorResponses(...AUTH_ERRORS, 404) },
    },
  }, async (request, reply) => {
    await factors.resetByAdmin(await users.get(request.params.id), actorOf(request), requireAuth(request).sessionId);
    return reply.code(204).send();
  });
});
