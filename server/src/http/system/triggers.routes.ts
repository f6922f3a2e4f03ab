import { z } from 'zod';
import type { TriggerService } from '../../services/trigger.service.js';
import { defineRoutes } from '../define-routes.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';

const triggerInfoSchema = z.object({
  name: z.enum(['http', 'mqtt', 'smtp', 'ftp']),
  active: z.boolean(),
  status: z.enum(['online', 'offline']),
  error: z.string().nullable(),
});

export const triggerRoutes = defineRoutes<{ triggers: TriggerService }>((app, { triggers }) => {
  app.get(
    '/api/system/triggers',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['system'],
        description: 'The HTTP, MQTT, SMTP and FTP triggers: configured (active) and online/offline with the last error.',
        response: { 200: z.object({ result: z.array(triggerInfoSchema) }), ...errorResponses(...AUTH_ERRORS) },
      },
    },
    () => ({ result: triggers.list() }),
  );

  for (const action of ['start', 'stop', 'restart'] as const) {
    app.put(
      `/api/system/triggers/:name/${action}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['system'],
          description: `${action[0]?.toUpperCase() ?? ''}${action.slice(1)}s a trigger until the next config change (config.json is not changed).`,
          params: z.object({ name: z.enum(['http', 'mqtt', 'smtp', 'ftp']) }),
          response: { 200: triggerInfoSchema, ...errorResponses(400, ...AUTH_ERRORS, 404) },
        },
      },
      (request) => triggers.action(request.params.name, action),
    );
  }
});
