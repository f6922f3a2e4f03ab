import { configStatSchema } from '@homecam/shared';
import { z } from 'zod';
import type { ConfigService } from '../../services/config.service.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';
import { defineRoutes } from '../define-routes.js';

/** config.json as a file: its bytes as a download and its stat (size, modification time). Admin only. */
export const configFileRoutes = defineRoutes<{ config: ConfigService }>((app, { config }) => {
  app.get(
    '/api/config/download',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['config'],
        response: { 200: z.unknown().describe('config.json as an attachment'), ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async (_request, reply) =>
      reply
        .type('application/json')
        .header('content-disposition', 'attachment; filename="config.json"')
        .header('cache-control', 'no-store')
        .send(Buffer.from(await config.raw())), // a Buffer skips the JSON serializer: sent byte for byte
  );

  app.get(
    '/api/config/stat',
    {
      config: { access: 'admin' },
      schema: { tags: ['config'], response: { 200: configStatSchema, ...errorResponses(...AUTH_ERRORS) } },
    },
    () => config.stat(),
  );
});
