import {
  alexaSettingsPatchSchema,
  alexaSettingsResponseSchema,
  isAdmin,
  webhookSettingsPatchSchema,
  webhookSettingsResponseSchema,
} from '@homecam/shared';
import type { AlertChannelSettingsService } from '../../services/alert-channel-settings.service.js';
import { defineRoutes } from '../define-routes.js';
import { requireAuth } from '../request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';

const READ = { anyOf: ['settings:notifications:access', 'settings:notifications:edit'] } as const;
const EDIT = { anyOf: ['settings:notifications:edit'] } as const;

/** Settings → Notifications: the webhook and Alexa channel cards. */
export const alertChannelRoutes = defineRoutes<{ alertSettings: AlertChannelSettingsService }>((app, { alertSettings }) => {
  const byAdmin = (request: Parameters<typeof requireAuth>[0]) => isAdmin(requireAuth(request).user.permissions);

  app.get(
    '/api/settings/notifications/webhook',
    {
      config: { access: READ },
      schema: {
        tags: ['settings'],
        description: 'Webhook channel: active, insecure hosts, whether the signing secret exists; the secret itself for admins only.',
        response: { 200: webhookSettingsResponseSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    (request) => alertSettings.webhook(byAdmin(request)),
  );

  app.patch(
    '/api/settings/notifications/webhook',
    {
      config: { access: EDIT },
      schema: {
        tags: ['settings'],
        description: 'Partial update; insecureHosts (TLS not verified for them) is admin-only (403 ALERT_SETTING_ADMIN_ONLY).',
        body: webhookSettingsPatchSchema,
        response: { 200: webhookSettingsResponseSchema, ...errorResponses(400, ...AUTH_ERRORS) },
      },
    },
    (request) => alertSettings.patchWebhook(request.body, byAdmin(request)),
  );

  app.post(
    '/api/settings/notifications/webhook/rotate-secret',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['settings'],
        description: 'Replaces the signing secret; receivers must be given the new one.',
        response: { 200: webhookSettingsResponseSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    () => alertSettings.rotateWebhookSecret(),
  );

  app.get(
    '/api/settings/notifications/alexa',
    {
      config: { access: READ },
      schema: {
        tags: ['settings'],
        description: 'Alexa channel (announcement via Home Assistant or a webhook); the token is write-only (tokenSet).',
        response: { 200: alexaSettingsResponseSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    () => alertSettings.alexa(),
  );

  app.patch(
    '/api/settings/notifications/alexa',
    {
      config: { access: EDIT },
      schema: {
        tags: ['settings'],
        description: 'Partial update: absent keeps, null clears url/token; mode, url and token are admin-only (403 ALERT_SETTING_ADMIN_ONLY).',
        body: alexaSettingsPatchSchema,
        response: { 200: alexaSettingsResponseSchema, ...errorResponses(400, ...AUTH_ERRORS) },
      },
    },
    (request) => alertSettings.patchAlexa(request.body, byAdmin(request)),
  );
});
