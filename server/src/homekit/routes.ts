import { homekitPatchSchema, homekitStatusSchema } from '@homecam/shared';
import { defineRoutes } from '../http/define-routes.js';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';
import type { HomekitSettingsService } from './homekit-settings.service.js';

/** Admin only: the setup code pairs a phone with every camera, and the bridge opens a port on the LAN. */
export const homekitRoutes = defineRoutes<{ homekit: HomekitSettingsService }>((app, { homekit }) => {
  app.get(
    '/api/homekit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['homekit'],
        description:
          'The built-in HomeKit bridge: on/off, name, port, state and last error, the setup code (XXX-XX-XXX) and its X-HM:// URI ' +
          'for the QR code, the bridge id, whether it is paired and with how many controllers, and the number of camera accessories.',
        response: { 200: homekitStatusSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    () => homekit.status(),
  );

  app.patch(
    '/api/homekit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['homekit'],
        description:
          'Partial update of config.json homekit (active, name 1–64 characters, port 1024–65535); the bridge starts, stops or restarts ' +
          'on the change. Answers the status at once (state may still be `starting`).',
        body: homekitPatchSchema,
        response: { 200: homekitStatusSchema, ...errorResponses(400, ...AUTH_ERRORS) },
      },
    },
    (request) => homekit.patch(request.body),
  );

  app.post(
    '/api/homekit/reset',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['homekit'],
        description:
          'Forgets every pairing and makes a new setup code and bridge id (the Home app then sees a new bridge; remove the old one there).',
        response: { 200: homekitStatusSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    () => homekit.reset(),
  );
});
