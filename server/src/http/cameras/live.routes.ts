import { cameraNameParamsSchema, liveQuerySchema } from '@homecam/shared';
import { AppError } from '../../errors/app-error.js';
import { defineRoutes } from '../define-routes.js';
import { bearerToken, SESSION_COOKIE } from '../request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';
import { LIVE_ACCESS, LiveSession, type LiveDeps } from './live-session.js';

/**
 * `GET /api/cameras/:name/live` as a WebSocket (docs/api-contract-cameras.md). The access rule is enforced by
 * the session after the upgrade (`websocketAuth`); a plain HTTP GET goes through the usual access check and is
 * then told to upgrade.
 */
export const liveRoutes = defineRoutes<{ live: LiveDeps }>((app, { live }) => {
  app.route({
    method: 'GET',
    url: '/api/cameras/:name/live',
    config: { access: LIVE_ACCESS, websocketAuth: true },
    schema: {
      tags: ['cameras'],
      description: 'WebSocket: live fMP4 of the camera (`?stream=sub` for the sub stream; `?transport=webrtc` negotiates WebRTC first). Plain HTTP answers 400.',
      params: cameraNameParamsSchema,
      querystring: liveQuerySchema,
      response: errorResponses(400, ...AUTH_ERRORS),
    },
    handler: () => {
      throw new AppError('BAD_REQUEST', 'this is a WebSocket endpoint: upgrade the connection');
    },
    wsHandler: (socket, request) => {
      const { name } = request.params;
      const { stream, transport } = request.query;
      const token = bearerToken(request) ?? (request.cookies[SESSION_COOKIE] || undefined);
      new LiveSession(socket, { raw: request.raw, id: request.id, ip: request.ip, log: request.log, token, camera: name, stream, transport }, live).start();
    },
  });
});
