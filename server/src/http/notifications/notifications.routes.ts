import { deleteManyResponseSchema, deleteManySchema, eventListQuerySchema, idParamsSchema, notificationListSchema, notificationSchema } from '@homecam/shared';
import { z } from 'zod';
import type { NotificationService } from '../../services/notification.service.js';
import { defineRoutes } from '../define-routes.js';
import { cameraScopeOf } from '../request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';

const VIEW = { anyOf: ['notifications:access'] } as const;
const EDIT = { anyOf: ['settings:notifications:edit'] } as const;

export const notificationRoutes = defineRoutes<{ notifications: NotificationService }>((app, { notifications }) => {
  app.get(
    '/api/notifications',
    {
      config: { access: VIEW },
      schema: {
        tags: ['notifications'],
        description: 'Newest first; filters cameras, rooms, labels, types (comma separated), from/to; `cursor` = the previous `nextCursor`.',
        querystring: eventListQuerySchema,
        response: { 200: notificationListSchema, ...errorResponses(400, ...AUTH_ERRORS) },
      },
    },
    (request) => notifications.list(request.query, cameraScopeOf(request)),
  );

  app.get(
    '/api/notifications/:id',
    {
      config: { access: VIEW },
      schema: { tags: ['notifications'], params: idParamsSchema, response: { 200: notificationSchema, ...errorResponses(...AUTH_ERRORS, 404) } },
    },
    (request) => notifications.get(request.params.id, cameraScopeOf(request)),
  );

  app.delete(
    '/api/notifications/:id',
    {
      config: { access: EDIT },
      schema: { tags: ['notifications'], params: idParamsSchema, response: { 204: z.undefined(), ...errorResponses(...AUTH_ERRORS, 404) } },
    },
    async (request, reply) => {
      await notifications.delete(request.params.id, cameraScopeOf(request));
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/notifications',
    {
      config: { access: EDIT },
      schema: {
        tags: ['notifications'],
        description: 'Body `{ ids }` removes those; no body removes all.',
        body: deleteManySchema,
        response: { 200: deleteManyResponseSchema, ...errorResponses(400, ...AUTH_ERRORS) },
      },
    },
    async (request) => ({ removed: await notifications.deleteMany(request.body?.ids, cameraScopeOf(request)) }),
  );
});
