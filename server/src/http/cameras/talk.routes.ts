import { cameraNameParamsSchema } from '@homecam/shared';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.js';
import type { CameraService } from '../../services/camera.service.js';
import type { TalkService } from '../../talkback/talk-service.js';
import { defineRoutes } from '../define-routes.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';

export const talkAvailabilitySchema = z.object({
  /** The camera's RTSP DESCRIBE with the ONVIF backchannel Require header offers G.711 audio the client sends. */
  available: z.boolean(),
});

/**
 * `GET /api/cameras/:name/talk`: whether the camera's page shows the talk button (issue 22). The camera is asked
 * once per source (and again a minute after it could not be reached); talking itself goes over the live socket.
 */
export const talkRoutes = defineRoutes<{ talk: TalkService; cameras: CameraService }>((app, { talk, cameras }) => {
  app.get(
    '/api/cameras/:name/talk',
    {
      config: { access: { anyOf: ['cameras:access'] } },
      schema: {
        tags: ['cameras'],
        description: 'Whether the camera has an audio backchannel (ONVIF Profile T) to talk through; press to talk uses the live WebSocket.',
        params: cameraNameParamsSchema,
        response: { 200: talkAvailabilitySchema, ...errorResponses(...AUTH_ERRORS, 404) },
      },
    },
    async (request) => {
      const camera = cameras.find(request.params.name);
      if (!camera) throw new AppError('CAMERA_NOT_FOUND', 'camera not found');
      return { available: await talk.available(camera.name) };
    },
  );
});
