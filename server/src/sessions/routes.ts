import { sessionListSchema, sessionParamsSchema, sessionsEndedSchema, userIdParamsSchema } from '@homecam/shared';
import { z } from 'zod';
import { defineRoutes } from '../http/define-routes.js';
import { actorOf, requireAuth } from '../http/request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';
import type { UserService } from '../services/user.service.js';
import type { DeviceList } from './device-list.js';

export interface SessionRouteDeps extends Record<string, unknown> {
  devices: DeviceList;
  users: Pick<UserService, 'get'>;
}

/**
 * Issue 21: a user's signed-in devices, for the user (Settings → Account) or an admin (Settings → Users): selfOrAdmin,
 * so a non-admin asking for another user's gets 403. Session-only: an API token never lists or ends sessions.
 */
export const sessionRoutes = defineRoutes<SessionRouteDeps>((app, { devices, users }) => {
  const config = { access: 'selfOrAdmin', sessionOnly: true } as const;

  app.get('/api/users/:id/sessions', {
    config,
    schema: {
      tags: ['users'],
      description: 'The live sessions of a user: browser and OS, address, created, last seen (updated at most once a minute), and which is the caller\'s.',
      params: userIdParamsSchema,
      response: { 200: sessionListSchema, ...errorResponses(400, ...AUTH_ERRORS, 404) },
    },
  }, async (request) => {
    const owner = await users.get(request.params.id);
    return { result: await devices.list(owner, requireAuth(request).sessionId) };
  });

  app.delete('/api/users/:id/sessions/:sessionId', {
    config,
    schema: {
      tags: ['users'],
      description: 'Ends one session of the user: its sockets and live streams close at once and its browser is sent to sign-in.',
      params: sessionParamsSchema,
      response: { 204: z.undefined(), ...errorResponses(400, ...AUTH_ERRORS, 404) },
    },
  }, async (request, reply) => {
    await devices.end(await users.get(request.params.id), request.params.sessionId, actorOf(request));
    return reply.code(204).send();
  });

  app.delete('/api/users/:id/sessions', {
    config,
    schema: {
      tags: ['users'],
      description: 'Ends every session of the user except the caller\'s own.',
      params: userIdParamsSchema,
      response: { 200: sessionsEndedSchema, ...errorResponses(400, ...AUTH_ERRORS, 404) },
    },
  }, async (request) => {
    const owner = await users.get(request.params.id);
    return { ended: await devices.endOthers(owner, requireAuth(request).sessionId, actorOf(request)) };
  });
});
