import { INTEGRATION_ACTIONS, integrationListSchema, integrationParamsSchema, integrationSchema } from '@homecam/shared';
import type { IntegrationRegistry } from '../../integrations/index.js';
import { defineRoutes } from '../define-routes.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';

const DESCRIPTIONS = {
  start: 'Switches the integration on in its settings (config.json, applied live, kept across restarts) and starts it.',
  stop: 'Switches the integration off in its settings (config.json, applied live, kept across restarts) and stops it.',
  restart: 'Stops and starts the running instance; its settings are not changed.',
} as const;

export const pluginRoutes = defineRoutes<{ integrations: IntegrationRegistry }>((app, { integrations }) => {
  app.get(
    '/api/plugins',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['system'],
        description: 'Every integration HomeCam runs (triggers, notifiers, analysis) with its state, last error and actions.',
        response: { 200: integrationListSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async () => ({ result: await integrations.list() }),
  );

  for (const action of INTEGRATION_ACTIONS) {
    app.post(
      `/api/plugins/:id/${action}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['system'],
          description: `${DESCRIPTIONS[action]} Answers the new status; a failed start shows as state \`error\`. 404 PLUGIN_NOT_FOUND, 409 PLUGIN_ACTION_UNSUPPORTED.`,
          params: integrationParamsSchema,
          response: { 200: integrationSchema, ...errorResponses(...AUTH_ERRORS, 404, 409) },
        },
      },
      (request) => integrations.act(request.params.id, action),
    );
  }
});
