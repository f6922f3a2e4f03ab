import type { AppContext } from '../context/context.js';
import { authRoutes } from '../http/auth/auth.routes.js';
import { cameraEventRoutes } from '../http/cameras/camera-events.routes.js';
import { cameraEditRoutes, cameraRoutes } from '../http/cameras/cameras.routes.js';
import { configFileRoutes } from '../http/config/config-file.routes.js';
import { configWriteRoutes } from '../http/config/config-write.routes.js';
import { configRoutes } from '../http/config/config.routes.js';
import { dashboardRoutes } from '../http/dashboard/dashboard.routes.js';
import { fileRoutes } from '../http/files/files.routes.js';
import { notificationRoutes } from '../http/notifications/notifications.routes.js';
import { pluginRoutes } from '../http/plugins/plugins.routes.js';
import { recordingRoutes } from '../http/recordings/recordings.routes.js';
import { roomRoutes } from '../http/rooms/rooms.routes.js';
import { settingsRoutes } from '../http/settings/settings.routes.js';
import { userPhotoRoutes } from '../http/users/user-photo.routes.js';
import { userRoutes } from '../http/users/users.routes.js';
import { feedRoutes } from '../http/widgets/feed.routes.js';
import { weatherRoutes } from '../http/widgets/weather.routes.js';
import { registerAll, type HomecamModule } from '../runtime/module.js';

/**
 * The API of the core services (the context's): sign-in, users and their photos, config.json, cameras, rooms,
 * camera events, notifications, recordings, settings, the dashboard and its widgets, the plugins page. Each
 * route plugin gets the one service it delegates to. A feature module registers its own routes.
 */
export function apiModule(ctx: AppContext): HomecamModule {
  let unfollow: (() => void) | null = null;
  return {
    name: 'api',
    // Issue 21: a camera renamed or removed (API, config editor, hand edit) is renamed in or leaves every user's list.
    start: () => {
      unfollow = ctx.cameraLists.follow((error) => ctx.log.error({ err: error }, 'updating the users\' camera lists failed'));
    },
    stop: () => {
      unfollow?.();
      unfollow = null;
    },
    routes: (app) =>
      registerAll(app, [
        (app) => app.register(authRoutes, { auth: ctx.auth }),
        (app) => app.register(userRoutes, { users: ctx.users }),
        (app) => app.register(userPhotoRoutes, { photos: ctx.photos }),
        (app) => app.register(fileRoutes, { files: ctx.files }),
        (app) => app.register(configRoutes, { config: ctx.config }),
        (app) => app.register(configWriteRoutes, { config: ctx.config }),
        (app) => app.register(configFileRoutes, { config: ctx.config }),
        (app) => app.register(cameraRoutes, { cameras: ctx.cameras }),
        (app) => app.register(cameraEditRoutes, { cameras: ctx.cameras, cameraLists: ctx.cameraLists }),
        (app) => app.register(roomRoutes, { rooms: ctx.rooms }),
        (app) => app.register(cameraEventRoutes, { events: ctx.cameraEvents }),
        (app) => app.register(notificationRoutes, { notifications: ctx.notifications }),
        (app) => app.register(recordingRoutes, { recordings: ctx.recordings }),
        (app) => app.register(settingsRoutes, { settings: ctx.settings }),
        (app) => app.register(dashboardRoutes, { dashboard: ctx.dashboard }),
        (app) => app.register(weatherRoutes, { weather: ctx.weather }),
        (app) => app.register(feedRoutes, { feeds: ctx.feeds }),
        (app) => app.register(pluginRoutes, { integrations: ctx.integrations }),
      ]),
  };
}
