import { cameraNameParamsSchema } from '@homecam/shared';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.js';
import type { CameraEventService } from '../../services/camera-event.service.js';
import type { TriggerResult } from '../../triggers/trigger.js';
import { defineRoutes } from '../define-routes.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';

const EDIT = { anyOf: ['settings:cameras:edit'] } as const;
const answerSchema = z.object({ camera: z.string(), accepted: z.boolean(), skipped: z.boolean(), message: z.string() });

function answer(camera: string, result: TriggerResult): z.infer<typeof answerSchema> {
  if (!result.accepted && result.reason === 'unknownCamera') throw new AppError('CAMERA_NOT_FOUND', 'camera not found');
  return { camera, accepted: result.accepted, skipped: !result.accepted && result.reason === 'skipped', message: result.message ?? '' };
}

/** Manual / API triggers: the same rules as the external triggers (privacy, At Home, disabled → skipped). */
export const cameraEventRoutes = defineRoutes<{ events: CameraEventService }>((app, { events }) => {
  const schema = (description: string) => ({
    tags: ['cameras'],
    description,
    params: cameraNameParamsSchema,
    response: { 200: answerSchema, ...errorResponses(...AUTH_ERRORS, 404) },
  });
  app.put(
    '/api/cameras/:name/motion/start',
    { config: { access: EDIT }, schema: schema('Motion starts on the camera (source `api`); skipped in privacy mode, At Home, or when disabled.') },
    (request) => answer(request.params.name, events.motionStart(request.params.name, 'api')),
  );
  app.put(
    '/api/cameras/:name/motion/reset',
    { config: { access: EDIT }, schema: schema('Motion ends on the camera.') },
    (request) => answer(request.params.name, events.motionReset(request.params.name, 'api')),
  );
  app.put(
    '/api/cameras/:name/doorbell',
    { config: { access: EDIT }, schema: schema('The doorbell of the camera rings (At Home does not apply).') },
    (request) => answer(request.params.name, events.doorbell(request.params.name, 'api')),
  );
});
