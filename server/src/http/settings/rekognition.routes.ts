import { rekognitionSettingsPatchSchema, rekognitionSettingsSchema } from '@homecam/shared';
import type { RekognitionSettingsService } from '../../services/rekognition-settings.service.js';
import { defineRoutes } from '../define-routes.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';

export const rekognitionRoutes = defineRoutes<{ rekognition: RekognitionSettingsService }>((app, { rekognition }) => {
  app.get(
    '/api/settings/rekognition',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['settings'],
        description: 'AWS Rekognition settings: the key id masked, whether the secret is set (never the secret), region, monthly budget.',
        response: { 200: rekognitionSettingsSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    () => rekognition.get(),
  );

  app.patch(
    '/api/settings/rekognition',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['settings'],
        description:
          'Partial update: absent keeps, a string sets, null or an empty string clears the key id or the write-only secret; region from the closed list; ' +
          'a new contingentTotal recomputes what is left this month (total − used). 409 REKOGNITION_KEYS_MISSING (nothing written) when the result would be switched on without both keys.',
        body: rekognitionSettingsPatchSchema,
        response: { 200: rekognitionSettingsSchema, ...errorResponses(400, 409, ...AUTH_ERRORS) },
      },
    },
    (request) => rekognition.patch(request.body),
  );
});
