import {
  createUserRequestSchema,
  updateUserRequestSchema,
  userIdParamsSchema,
  userListSchema,
  userSchema,
} from '@homecam/shared';
import { z } from 'zod';
import { toUser } from '../../services/user.mapper.js';
import type { UserService } from '../../services/user.service.js';
import { defineRoutes } from '../define-routes.js';
import { actorOf, requireAuth } from '../request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';

export const userRoutes = defineRoutes<{ users: UserService }>((app, { users }) => {
  app.get(
    '/api/users',
    {
      config: { access: 'admin' },
      schema: { tags: ['users'], response: { 200: userListSchema, ...errorResponses(...AUTH_ERRORS) } },
    },
    async () => ({ result: (await users.list()).map(toUser) }),
  );

  app.post(
    '/api/users',
    {
      config: { access: 'admin', sessionOnly: true },
      schema: {
        tags: ['users'],
        body: createUserRequestSchema,
        response: { 201: userSchema, ...errorResponses(400, ...AUTH_ERRORS, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(toUser(await users.create(request.body, actorOf(request)))),
  );

  app.get(
    '/api/users/:id',
    {
      config: { access: 'selfOrAdmin' },
      schema: {
        tags: ['users'],
        params: userIdParamsSchema,
        response: { 200: userSchema, ...errorResponses(400, ...AUTH_ERRORS, 404) },
      },
    },
    async (request) => toUser(await users.get(request.params.id)),
  );

  app.patch(
    '/api/users/:id',
    {
      // The first-start account changes its credentials here (own id only, enforced by the access rule).
      config: { access: 'selfOrAdmin', allowDuringCredentialChange: true, sessionOnly: true },
      schema: {
        tags: ['users'],
        params: userIdParamsSchema,
        body: updateUserRequestSchema,
        response: { 200: userSchema, ...errorResponses(400, ...AUTH_ERRORS, 404, 409, 429) },
      },
    },
    async (request) => toUser(await users.update(requireAuth(request), request.params.id, request.body, actorOf(request))),
  );

  app.delete(
    '/api/users/:id',
    {
      config: { access: 'admin', sessionOnly: true },
      schema: {
        tags: ['users'],
        params: userIdParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, ...AUTH_ERRORS, 404, 409) },
      },
    },
    async (request, reply) => {
      await users.delete(request.params.id, actorOf(request));
      return reply.code(204).send();
    },
  );
});
