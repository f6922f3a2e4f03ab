import { LOG_DOWNLOAD_NAME, logQuerySchema, logResponseSchema } from '@homecam/shared';
import { z } from 'zod';
import type { LogHub } from '../../logs/log-hub.js';
import { defineRoutes } from '../define-routes.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';

/** The server log for the Console (admin only): the newest entries from memory, and the log files as a download. */
export const logRoutes = defineRoutes<{ logs: LogHub }>((app, { logs }) => {
  app.get(
    '/api/system/log',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['system'],
        description: 'The newest `limit` server log entries (secrets masked), oldest first; live ones come as the `logMessage` socket event.',
        querystring: logQuerySchema,
        response: { 200: logResponseSchema, ...errorResponses(400, ...AUTH_ERRORS) },
      },
    },
    (request) => ({ entries: logs.recent(request.query.limit) }),
  );

  app.get(
    '/api/system/log/download',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['system'],
        description: 'The log files (current and rotated), oldest first, streamed as one text file.',
        response: { 200: z.unknown().describe(`${LOG_DOWNLOAD_NAME} as a text attachment`), ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${LOG_DOWNLOAD_NAME}"`)
        .header('cache-control', 'no-store')
        .send(await logs.download()),
  );
});
