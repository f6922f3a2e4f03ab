import {
  isAdmin,
  notificationSettingsPatchSchema,
  notificationSettingsSchema,
  recordingSettingsPatchSchema,
  recordingSettingsResponseSchema,
} from '@homecam/shared';
import type { SettingsService } from '../../services/settings.service.js';
import { defineRoutes } from '../define-routes.js';
import { requireAuth } from '../request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';

const RECORDINGS_READ = { anyOf: ['settings:recordings:access', 'settings:recordings:edit'] } as const;
const RECORDINGS_EDIT = { anyOf: ['settings:recordings:edit'] } as const;
const NOTIFICATIONS_READ = { anyOf: ['settings:notifications:access', 'settings:notifications:edit'] } as const;
const NOTIFICATIONS_EDIT = { anyOf: ['settings:notifications:edit'] } as const;

export const settingsRoutes = defineRoutes<{ settings: SettingsService }>((app, { settings }) => {
  app.get(
    '/api/settings/recordings',
    {
      config: { access: RECORDINGS_READ },
      schema: {
        tags: ['settings'],
        description: 'The recordings block of config.json with defaults applied, and the disk use.',
        response: { 200: recordingSettingsResponseSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    () => settings.recordings(),
  );

  app.patch(
    '/api/settings/recordings',
    {
      config: { access: RECORDINGS_EDIT },
      schema: {
        tags: ['settings'],
        description:
          'Partial update of active, path, removeAfter, maxSizeGB, minFreeGB (null clears a limit); type/timer are config-file only. ' +
          'Only an admin changes path (403 RECORDINGS_PATH_ADMIN_ONLY); it must be new, empty or HomeCam\'s, never a system or the data directory.',
        body: recordingSettingsPatchSchema,
        response: { 200: recordingSettingsResponseSchema, ...errorResponses(400, ...AUTH_ERRORS) },
      },
    },
    (request) => settings.patchRecordings(request.body, isAdmin(requireAuth(request).user.permissions)),
  );

  app.get(
    '/api/settings/notifications',
    {
      config: { access: NOTIFICATIONS_READ },
      schema: { tags: ['settings'], response: { 200: notificationSettingsSchema, ...errorResponses(...AUTH_ERRORS) } },
    },
    () => settings.notifications(),
  );

  app.patch(
    '/api/settings/notifications',
    {
      config: { access: NOTIFICATIONS_EDIT },
      schema: {
        tags: ['settings'],
        body: notificationSettingsPatchSchema,
        response: { 200: notificationSettingsSchema, ...errorResponses(400, ...AUTH_ERRORS) },
      },
    },
    (request) => settings.patchNotifications(request.body),
  );
});
