import { pushStatusSchema, pushSubscriptionSchema } from '@homecam/shared';
import { z } from 'zod';
import { PUSH_PERMISSIONS, type PushService } from '../../services/push.service.js';
import { defineRoutes } from '../define-routes.js';
import { requireAuth } from '../request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';

/** Spec §6: push subscription only for recordings:access or admin. */
const PUSH = { anyOf: PUSH_PERMISSIONS } as const;

/** Web push for this session (docs/api-contract-push.md). The keys of a subscription are never sent back. */
export const pushRoutes = defineRoutes<{ push: PushService }>((app, { push }) => {
  app.get(
    '/api/subscribe',
    {
      config: { access: PUSH, sessionOnly: true },
      schema: {
        tags: ['push'],
        description: 'The VAPID public key for PushManager.subscribe and whether this session has a subscription.',
        response: { 200: pushStatusSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    (request) => push.status(requireAuth(request)),
  );

  app.post(
    '/api/subscribe',
    {
      config: { access: PUSH, sessionOnly: true },
      schema: {
        tags: ['push'],
        description: "Stores the browser's PushSubscription.toJSON() for this session, replacing its earlier one. 201 when new, 204 when replaced.",
        body: pushSubscriptionSchema,
        response: { 201: z.undefined(), 204: z.undefined(), ...errorResponses(400, ...AUTH_ERRORS) },
      },
    },
    async (request, reply) => {
      const created = await push.subscribe(requireAuth(request), request.body);
      return reply.code(created ? 201 : 204).send();
    },
  );

  app.delete(
    '/api/subscribe',
    {
      config: { access: PUSH, sessionOnly: true },
      schema: {
        tags: ['push'],
        description: "Forgets this session's subscription (idempotent).",
        response: { 204: z.undefined(), ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async (request, reply) => {
      await push.unsubscribe(requireAuth(request));
      return reply.code(204).send();
    },
  );
});
