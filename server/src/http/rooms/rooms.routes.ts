import { roomListSchema, roomNameParamsSchema, roomRequestSchema, roomSchema } from '@homecam/shared';
import { z } from 'zod';
import type { RoomService } from '../../services/room.service.js';
import { defineRoutes } from '../define-routes.js';
import { actorOf, cameraScopeOf } from '../request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';

const EDIT = { anyOf: ['settings:general:edit'] } as const;

export const roomRoutes = defineRoutes<{ rooms: RoomService }>((app, { rooms }) => {
  app.get(
    '/api/rooms',
    {
      // The camera pages group by room, so viewing cameras is enough to read them.
      config: { access: { anyOf: ['settings:general:access', 'settings:general:edit', 'cameras:access'] } },
      schema: { tags: ['rooms'], response: { 200: roomListSchema, ...errorResponses(...AUTH_ERRORS) } },
    },
    async (request) => ({ result: await rooms.list(cameraScopeOf(request)) }),
  );

  app.post(
    '/api/rooms',
    {
      config: { access: EDIT },
      schema: {
        tags: ['rooms'],
        body: roomRequestSchema,
        response: { 201: roomSchema, ...errorResponses(400, ...AUTH_ERRORS, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await rooms.create(request.body.name)),
  );

  app.patch(
    '/api/rooms/:name',
    {
      config: { access: EDIT },
      schema: {
        tags: ['rooms'],
        description: 'Renames the room; its cameras move with it. The default room cannot be renamed.',
        params: roomNameParamsSchema,
        body: roomRequestSchema,
        response: { 200: roomSchema, ...errorResponses(400, ...AUTH_ERRORS, 404, 409) },
      },
    },
    async (request) => rooms.rename(request.params.name, request.body.name, actorOf(request)),
  );

  app.delete(
    '/api/rooms/:name',
    {
      config: { access: EDIT },
      schema: {
        tags: ['rooms'],
        description: 'Deletes the room; its cameras move to the default room, which cannot be deleted.',
        params: roomNameParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(...AUTH_ERRORS, 404, 409) },
      },
    },
    async (request, reply) => {
      await rooms.delete(request.params.name, actorOf(request));
      return reply.code(204).send();
    },
  );
});
