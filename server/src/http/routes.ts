import type { FastifyInstance } from 'fastify';
import { RealtimeGateway } from '../realtime/gateway.js';
import type { HomecamContext } from '../runtime.js';
import { authRoutes } from './auth/auth.routes.js';
import { cameraEventRoutes } from './cameras/camera-events.routes.js';
import { cameraMediaRoutes } from './cameras/camera-media.routes.js';
import { cameraEditRoutes, cameraRoutes } from './cameras/cameras.routes.js';
import type { LiveDeps } from './cameras/live-session.js';
import { liveRoutes } from './cameras/live.routes.js';
import { configFileRoutes } from './config/config-file.routes.js';
import { configWriteRoutes } from './config/config-write.routes.js';
import { configRoutes } from './config/config.routes.js';
import { registerDocs } from './docs.js';
import { fileRoutes } from './files/files.routes.js';
import { notificationRoutes } from './notifications/notifications.routes.js';
import { pushRoutes } from './push/push.routes.js';
import { recordingRoutes } from './recordings/recordings.routes.js';
import { roomRoutes } from './rooms/rooms.routes.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { healthRoutes } from './system/health.routes.js';
import { logRoutes } from './system/log.routes.js';
import { triggerRoutes } from './system/triggers.routes.js';
import { systemRoutes } from './system/system.routes.js';
import { metricsRoutes } from './system/metrics.routes.js';
import { userPhotoRoutes } from './users/user-photo.routes.js';
import { userRoutes } from './users/users.routes.js';
import { webRoutes } from './web/web.routes.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';
import { feedRoutes } from './widgets/feed.routes.js';
import { weatherRoutes } from './widgets/weather.routes.js';
import { pluginRoutes } from './plugins/plugins.routes.js';
import { alertRoutes } from './alerts/alerts.routes.js';
import { rekognitionRoutes } from './settings/rekognition.routes.js';
import { telegramSettingsRoutes } from './settings/telegram.routes.js';
import { TelegramSettingsService } from '../services/telegram-settings.service.js';
import { mqttPublishRoutes } from './settings/mqtt-publish.routes.js';
import { MqttPublishSettingsService } from '../services/mqtt-publish-settings.service.js';
import { automaticBackupRoutes, backupRoutes } from './backup/backup.routes.js';
import { alertChannelRoutes } from './settings/alert-channels.routes.js';
import { homekitRoutes } from './homekit/homekit.routes.js';
import { HomekitSettingsService } from '../services/homekit-settings.service.js';

/** Live WebSocket tuning (auth time-out, socket high-water mark). */
export type LiveOptions = Pick<LiveDeps, 'authTimeoutMs' | 'highWaterBytes'>;

/** Every HTTP route, each with the one service it delegates to. The web app's catch-all comes last. */
export async function registerRoutes(app: FastifyInstance, ctx: HomecamContext, live: LiveOptions = {}): Promise<void> {
  await registerDocs(app);
  await app.register(healthRoutes);
  await app.register(authRoutes, { auth: ctx.auth });
  await app.register(userRoutes, { users: ctx.users });
  await app.register(userPhotoRoutes, { photos: ctx.photos });
  await app.register(fileRoutes, { files: ctx.files });
  await app.register(configRoutes, { config: ctx.config });
  await app.register(configWriteRoutes, { config: ctx.config });
  await app.register(configFileRoutes, { config: ctx.config });
  await app.register(cameraRoutes, { cameras: ctx.cameras });
  await app.register(cameraEditRoutes, { cameras: ctx.cameras });
  await app.register(cameraMediaRoutes, { streams: ctx.streams });
  await app.register(liveRoutes, {
    live: { auth: ctx.auth, cameras: ctx.cameras, streams: ctx.streams, bus: ctx.bus, clock: ctx.clock, webrtc: () => ctx.config.get().webrtc, ...live },
  });
  await app.register(roomRoutes, { rooms: ctx.rooms });
  await app.register(cameraEventRoutes, { events: ctx.cameraEvents });
  await app.register(notificationRoutes, { notifications: ctx.notifications });
  await app.register(recordingRoutes, { recordings: ctx.recordings });
  await app.register(pushRoutes, { push: ctx.push });
  await app.register(settingsRoutes, { settings: ctx.settings });
  await app.register(triggerRoutes, { triggers: ctx.triggers });
  await app.register(dashboardRoutes, { dashboard: ctx.dashboard });
  await app.register(weatherRoutes, { weather: ctx.weather });
  await app.register(feedRoutes, { feeds: ctx.feeds });
  await app.register(pluginRoutes, { integrations: ctx.integrations });
  await app.register(rekognitionRoutes, { rekognition: ctx.rekognition });
  await app.register(systemRoutes, { system: ctx.system });
  await app.register(logRoutes, { logs: ctx.logs });
  await app.register(backupRoutes, { backup: ctx.backup, bus: ctx.bus });
  await app.register(automaticBackupRoutes, { backup: ctx.backup, bus: ctx.bus });
  await app.register(metricsRoutes, { metrics: ctx.metrics });
  await app.register(telegramSettingsRoutes, { telegram: new TelegramSettingsService(ctx.config) });
  await app.register(alertChannelRoutes, { alertSettings: ctx.alertSettings });
  await app.register(mqttPublishRoutes, { mqttPublish: new MqttPublishSettingsService(ctx.config, () => ctx.triggers.mqttConnected()) });
  await app.register(alertRoutes, { alerts: ctx.alerts });
  await app.register(homekitRoutes, { homekit: new HomekitSettingsService(ctx.config, ctx.homekit) });
  // Issue 19: the 24/7 recording module brings its own routes.
  await ctx.continuous.routes(app);
  await app.register(webRoutes, { assets: ctx.repositories.webAssets });
}

/** socket.io on the app's server; closed before Fastify's onClose, since Fastify does not track upgraded sockets. */
export function attachRealtime(app: FastifyInstance, ctx: HomecamContext): RealtimeGateway {
  const realtime = new RealtimeGateway(app.server, {
    auth: ctx.auth,
    notifications: ctx.notifications,
    bus: ctx.bus,
    clock: ctx.clock,
    log: app.log,
    cameraStatuses: () => ctx.streams.statuses(),
    logs: ctx.logs,
    metrics: (listener) => ctx.metrics.subscribe(listener),
  });
  app.addHook('preClose', (done) => {
    realtime.close();
    done();
  });
  return realtime;
}
