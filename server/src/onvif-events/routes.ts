import { cameraNameParamsSchema, onvifEventStatusSchema } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import type { OnvifEventsService } from './onvif-events.service.js';
import type { CameraService } from '../services/camera.service.js';
import { defineRoutes } from '../http/define-routes.js';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';

/** Shown in the camera's settings, beside the switch. */
const SETTINGS = { anyOf: ['settings:cameras:access', 'settings:cameras:edit'] } as const;

/** Issue 22: the state of a camera's ONVIF event subscription (connected, or retrying with the coded reason). */
export const onvifEventRoutes = defineRoutes<{ onvifEvents: OnvifEventsService; cameras: CameraService }>((app, { onvifEvents, cameras }) => {
  app.get(
    '/api/cameras/:name/onvif-events',
    {
      config: { access: SETTINGS },
      schema: {
        tags: ['cameras'],
        description: "The camera's ONVIF event subscription: off, connecting, connected, or retrying with the last problem (a code and English detail).",
        params: cameraNameParamsSchema,
        response: { 200: onvifEventStatusSchema, ...errorResponses(...AUTH_ERRORS, 404) },
      },
    },
    (request) => {
      const camera = cameras.find(request.params.name);
      if (!camera) throw new AppError('CAMERA_NOT_FOUND', 'camera not found');
      return onvifEvents.status(camera.name);
    },
  );
});
