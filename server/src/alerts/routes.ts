import { alertChannelParamsSchema, alertStatusListSchema, alertTestResultSchema, isAdmin } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import { defineRoutes } from '../http/define-routes.js';
import { requireAuth } from '../http/request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';
import type { AlertPipeline } from './alert-pipeline.js';

const NOTIFICATIONS_READ = { anyOf: ['settings:notifications:access', 'settings:notifications:edit'] } as const;
const NOTIFICATIONS_EDIT = { anyOf: ['settings:notifications:edit'] } as const;

/** Issue 9: the alert channels' status and "send a test" (Settings → Notifications). */
export const alertRoutes = defineRoutes<{ alerts: AlertPipeline; adminOnlyTest: (channel: string) => boolean }>((app, { alerts, adminOnlyTest }) => {
  app.get(
    '/api/alerts/status',
    {
      config: { access: NOTIFICATIONS_READ },
      schema: {
        tags: ['settings'],
        description: 'Each registered alert channel: on/off, queued, dropped, sent, last success and last error (never a secret).',
        response: { 200: alertStatusListSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    () => ({ result: alerts.status() }),
  );

  app.post(
    '/api/alerts/:channel/test',
    {
      config: { access: NOTIFICATIONS_EDIT },
      schema: {
        tags: ['settings'],
        description:
          'Sends a test message through the channel (web push: to the caller\'s own devices). Webhook: admins only. 404 ALERT_CHANNEL_UNKNOWN, 409 ALERT_CHANNEL_DISABLED, 502 ALERT_TEST_FAILED with the problem.',
        params: alertChannelParamsSchema,
        response: { 200: alertTestResultSchema, ...errorResponses(...AUTH_ERRORS, 404, 409, 502) },
      },
    },
    (request) => {
      const auth = requireAuth(request);
      const { channel } = request.params;
      if (adminOnlyTest(channel) && !isAdmin(auth.user.permissions)) {
        throw new AppError('FORBIDDEN', `only admins test the '${channel}' channel`);
      }
      return alerts.test(channel, { userId: auth.user.id });
    },
  );
});
