import { APP_VERSION, configFileSchema, uiConfigSchema } from '@homecam/shared';
import { z } from 'zod';
import type { ConfigService } from '../../services/config.service.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';
import { defineRoutes } from '../define-routes.js';

export const APP_NAME = 'HomeCam';

/** A top-level key of config.json (the service answers 404 for an unknown one). */
export const sectionParams = z.object({ section: z.string().min(1) });

/** Reading the config: the public UI config, and config.json whole or by section (admin). Writes: config-write.routes.ts. */
export const configRoutes = defineRoutes<{ config: ConfigService }>((app, { config }) => {
  app.get(
    '/api/config/ui',
    { config: { access: 'public' }, schema: { tags: ['config'], response: { 200: uiConfigSchema } } },
    () => ({ version: APP_VERSION, name: APP_NAME }),
  );

  app.get(
    '/api/config',
    {
      config: { access: 'admin' },
      schema: { tags: ['config'], response: { 200: configFileSchema, ...errorResponses(...AUTH_ERRORS) } },
    },
    () => config.get(),
  );

  app.get(
    '/api/config/:section',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['config'],
        params: sectionParams,
        response: { 200: z.unknown(), ...errorResponses(...AUTH_ERRORS, 404) },
      },
    },
    (request) => config.getSection(request.params.section),
  );
});
