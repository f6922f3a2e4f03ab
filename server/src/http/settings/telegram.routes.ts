import { telegramSettingsPatchSchema, telegramSettingsResponseSchema } from '@homecam/shared';
import type { TelegramSettingsService } from '../../services/telegram-settings.service.js';
import { defineRoutes } from '../define-routes.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';

const NOTIFICATIONS_READ = { anyOf: ['settings:notifications:access', 'settings:notifications:edit'] } as const;
const NOTIFICATIONS_EDIT = { anyOf: ['settings:notifications:edit'] } as const;

export const telegramSettingsRoutes = defineRoutes<{ telegram: TelegramSettingsService }>((app, { telegram }) => {
  app.get(
    '/api/settings/notifications/telegram',
    {
      config: { access: NOTIFICATIONS_READ },
      schema: {
        tags: ['settings'],
        description: 'config.json notifications.telegram: on/off, whether a bot token is set (never the token), chat ids, message template.',
        response: { 200: telegramSettingsResponseSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    () => telegram.get(),
  );

  app.patch(
    '/api/settings/notifications/telegram',
    {
      config: { access: NOTIFICATIONS_EDIT },
      schema: {
        tags: ['settings'],
        description:
          'Partial update: absent keeps, a string sets, null clears. token: <bot id>:<secret> as BotFather issues it (write-only); ' +
          'chatID: up to 10 numeric ids or @channelnames, comma-separated; message: the template, `@` = camera name.',
        body: telegramSettingsPatchSchema,
        response: { 200: telegramSettingsResponseSchema, ...errorResponses(400, ...AUTH_ERRORS) },
      },
    },
    (request) => telegram.patch(request.body),
  );
});
