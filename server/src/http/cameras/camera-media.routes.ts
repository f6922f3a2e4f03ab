import { cameraNameParamsSchema, cameraStatusSchema, snapshotQuerySchema } from '@homecam/shared';
import { z } from 'zod';
import type { CameraStreamService } from '../../services/camera-stream.service.js';
import { defineRoutes } from '../define-routes.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';

/** Watching a camera (its status, its picture) is the viewer's right, not the camera settings'. */
const VIEW = { anyOf: ['cameras:access'] } as const;

/** What a camera is doing right now: its stream status and a snapshot JPEG. Camera CRUD is in cameras.routes.ts. */
export const cameraMediaRoutes = defineRoutes<{ streams: CameraStreamService }>((app, { streams }) => {
  app.get(
    '/api/cameras/:name/status',
    {
      config: { access: VIEW },
      schema: {
        tags: ['cameras'],
        params: cameraNameParamsSchema,
        response: { 200: cameraStatusSchema, ...errorResponses(...AUTH_ERRORS, 404) },
      },
    },
    (request) => streams.status(request.params.name),
  );

  app.get(
    '/api/cameras/:name/snapshot',
    {
      // `<img src>` cannot send a header: the session cookie counts here too.
      config: { access: VIEW, acceptSessionCookie: true },
      schema: {
        tags: ['cameras'],
        params: cameraNameParamsSchema,
        querystring: snapshotQuerySchema,
        response: { 200: z.unknown().describe('image/jpeg'), ...errorResponses(400, ...AUTH_ERRORS, 404, 502, 503) },
      },
    },
    async (request, reply) => {
      const snapshot = await streams.snapshot(request.params.name, request.query.width);
      return reply
        .type('image/jpeg')
        .header('cache-control', 'private, max-age=2')
        .header('x-snapshot-from', snapshot.from)
        .send(snapshot.jpeg);
    },
  );
});
