import { isAdmin, onvifDiscoverySchema, onvifInspectRequestSchema, onvifInspectResultSchema } from '@homecam/shared';
import type { OnvifService } from './onvif.service.js';
import { defineRoutes } from '../http/define-routes.js';
import { requireAuth } from '../http/request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';

/** Finding and reading cameras adds cameras: the camera settings' edit right (admins pass every check). */
const EDIT = { anyOf: ['settings:cameras:edit'] } as const;

/** Issue 22: "Find cameras" (a WS-Discovery search the page polls) and reading a camera's ONVIF profiles. */
export const onvifRoutes = defineRoutes<{ onvif: OnvifService }>((app, { onvif }) => {
  app.post(
    '/api/onvif/discovery',
    {
      config: { access: EDIT },
      schema: { tags: ['onvif'], response: { 200: onvifDiscoverySchema, ...errorResponses(...AUTH_ERRORS) } },
    },
    (request) => onvif.startDiscovery(isAdmin(requireAuth(request).user.permissions)),
  );

  app.get(
    '/api/onvif/discovery',
    {
      config: { access: EDIT },
      schema: { tags: ['onvif'], response: { 200: onvifDiscoverySchema, ...errorResponses(...AUTH_ERRORS) } },
    },
    (request) => onvif.discovery(isAdmin(requireAuth(request).user.permissions)),
  );

  app.post(
    '/api/onvif/inspect',
    {
      config: { access: EDIT },
      schema: {
        tags: ['onvif'],
        body: onvifInspectRequestSchema,
        response: { 200: onvifInspectResultSchema, ...errorResponses(400, ...AUTH_ERRORS, 422, 502, 504) },
      },
    },
    (request) => onvif.inspect(request.body, isAdmin(requireAuth(request).user.permissions)),
  );
});
