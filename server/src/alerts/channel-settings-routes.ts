import { isAdmin } from '@homecam/shared';
import { defineRoutes } from '../http/define-routes.js';
import { requireAuth } from '../http/request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';
import type { ChannelSettings } from './channel-plugin.js';

const READ = { anyOf: ['settings:notifications:access', 'settings:notifications:edit'] } as const;
const EDIT = { anyOf: ['settings:notifications:edit'] } as const;

export interface ChannelSettingsEntry {
  id: string;
  settings: ChannelSettings<never, never>;
}

/**
 * Settings → Notifications, one card per alert channel: `GET/PATCH /api/settings/notifications/<id>` (and the
 * channel's admin actions) for every channel of the registry that has settings. One route definition, registered
 * once per channel so the OpenAPI document names each channel's own body and answer.
 */
export const channelSettingsRoutes = defineRoutes<{ channels: readonly ChannelSettingsEntry[] }>((app, { channels }) => {
  const caller = (request: Parameters<typeof requireAuth>[0]) => ({ byAdmin: isAdmin(requireAuth(request).user.permissions) });
  for (const { id, settings } of channels) {
    const path = `/api/settings/notifications/${id}`;
    app.get(
      path,
      { config: { access: READ }, schema: { tags: ['settings'], description: settings.describe.get, response: { 200: settings.responseSchema, ...errorResponses(...AUTH_ERRORS) } } },
      (request) => settings.get(caller(request)),
    );
    app.patch(
      path,
      {
        config: { access: EDIT },
        schema: { tags: ['settings'], description: settings.describe.patch, body: settings.patchSchema, response: { 200: settings.responseSchema, ...errorResponses(400, ...AUTH_ERRORS) } },
      },
      // The body passed patchSchema (Fastify validated it against the channel's own schema).
      (request) => settings.patch(request.body as never, caller(request)),
    );
    for (const [name, action] of Object.entries(settings.actions ?? {})) {
      app.post(
        `${path}/${name}`,
        { config: { access: 'admin' }, schema: { tags: ['settings'], description: action.describe, response: { 200: settings.responseSchema, ...errorResponses(...AUTH_ERRORS) } } },
        () => action.run(),
      );
    }
  }
});
