import {
  passkeyCeremonySchema,
  passkeyIdParamsSchema,
  passkeyListSchema,
  passkeyRegistrationFinishSchema,
  passkeyRegistrationStartSchema,
  passkeyRemoveSchema,
  passkeyRenameSchema,
  passkeySchema,
} from '@homecam/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineRoutes } from '../http/define-routes.js';
import { clientInfo, requireAuth } from '../http/request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';
import type { Caller, PasskeyService } from './passkey.service.js';
import { relyingPartyOf } from './relying-party.js';

function callerOf(request: FastifyRequest): Caller {
  const { user, sessionId } = requireAuth(request);
  return { user, sessionId, client: clientInfo(request) };
}

/**
 * Issue 21: the caller's own passkeys (never another user's; an admin removes them with the factor reset). Open
 * while a required second factor is still owed, since a passkey is one.
 */
export const passkeyRoutes = defineRoutes<{ passkeys: PasskeyService }>((app, { passkeys }) => {
  const during = { access: 'signedIn', allowDuringSecondFactorEnrolment: true, sessionOnly: true } as const;

  app.get('/api/account/passkeys', {
    config: during,
    schema: { tags: ['account'], response: { 200: passkeyListSchema, ...errorResponses(...AUTH_ERRORS) } },
  }, async (request) => ({ passkeys: await passkeys.list(requireAuth(request).user) }));

  app.post('/api/account/passkeys/registration', {
    config: during,
    schema: {
      tags: ['account'],
      description: 'Starts adding a passkey (after the password): options for navigator.credentials.create(), bound to this session, page origin and host, good for two minutes and one answer.',
      body: passkeyRegistrationStartSchema,
      response: { 200: passkeyCeremonySchema, ...errorResponses(400, ...AUTH_ERRORS, 409, 429) },
    },
  }, (request) => passkeys.startRegistration(callerOf(request), request.body.password, relyingPartyOf(request)));

  app.post('/api/account/passkeys', {
    config: during,
    schema: {
      tags: ['account'],
      description: 'Finishes adding a passkey: the authenticator\'s answer to the ceremony, and a name for it.',
      body: passkeyRegistrationFinishSchema,
      response: { 201: passkeySchema, ...errorResponses(400, ...AUTH_ERRORS, 409) },
    },
  }, async (request, reply) => {
    const added = await passkeys.finishRegistration(callerOf(request), request.body, relyingPartyOf(request));
    return reply.code(201).send(added);
  });

  app.patch('/api/account/passkeys/:id', {
    config: { access: 'signedIn', sessionOnly: true },
    schema: {
      tags: ['account'],
      params: passkeyIdParamsSchema,
      body: passkeyRenameSchema,
      response: { 200: passkeySchema, ...errorResponses(400, ...AUTH_ERRORS, 404) },
    },
  }, (request) => passkeys.rename(callerOf(request), request.params.id, request.body.name));

  app.post('/api/account/passkeys/:id/remove', {
    config: { access: 'signedIn', sessionOnly: true },
    schema: {
      tags: ['account'],
      description: 'Removes one of the caller\'s passkeys; needs the password, as turning the authenticator app off does.',
      params: passkeyIdParamsSchema,
      body: passkeyRemoveSchema,
      response: { 204: z.undefined(), ...errorResponses(400, ...AUTH_ERRORS, 404, 429) },
    },
  }, async (request, reply) => {
    await passkeys.remove(callerOf(request), request.params.id, request.body.password);
    return reply.code(204).send();
  });
});
