import { secondFactorPolicySettingsSchema } from '@homecam/shared';
import { defineRoutes } from '../http/define-routes.js';
import { actorOf } from '../http/request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';
import type { ConfigService } from '../services/config.service.js';

/** Issue 21, Settings → System (admin): who must have a second factor, as config.json `secondFactorPolicy`. */
export const secondFactorPolicyRoutes = defineRoutes<{ config: Pick<ConfigService, 'get' | 'patch'> }>((app, { config }) => {
  app.get('/api/settings/second-factor', {
    config: { access: 'admin', sessionOnly: true },
    schema: { tags: ['settings'], description: 'Who must have a second factor (config.json secondFactorPolicy).', response: { 200: secondFactorPolicySettingsSchema, ...errorResponses(...AUTH_ERRORS) } },
  }, () => ({ policy: config.get().secondFactorPolicy }));

  app.put('/api/settings/second-factor', {
    config: { access: 'admin', sessionOnly: true },
    schema: {
      tags: ['settings'],
      description: 'Requires a second factor of nobody, the admins or everyone; whoever has none is then limited to setting one up.',
      body: secondFactorPolicySettingsSchema,
      response: { 200: secondFactorPolicySettingsSchema, ...errorResponses(400, ...AUTH_ERRORS) },
    },
  }, async (request) => {
    await config.patch({ secondFactorPolicy: request.body.policy }, [], undefined, actorOf(request));
    return { policy: config.get().secondFactorPolicy };
  });
});
