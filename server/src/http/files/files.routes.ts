import { z } from 'zod';
import type { FileService } from '../../services/file.service.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';
import { defineRoutes } from '../define-routes.js';

export const fileRoutes = defineRoutes<{ files: FileService }>((app, { files }) => {
  app.get(
    '/files/:name',
    {
      // The cookie is accepted here only, because `<img src="/files/…">` cannot send an Authorization header.
      config: { access: 'signedIn', acceptSessionCookie: true },
      schema: {
        tags: ['files'],
        params: z.object({ name: z.string() }),
        response: { 200: z.unknown().describe('the file'), ...errorResponses(...AUTH_ERRORS, 404) },
      },
    },
    async (request, reply) => {
      const file = await files.open(request.params.name);
      return reply
        .type(file.contentType)
        .header('content-length', String(file.size))
        // Private: only signed-in users may see these, so no shared cache may keep a copy.
        .header('cache-control', 'private, max-age=3600')
        .send(file.stream);
    },
  );
});
