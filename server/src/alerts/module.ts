import type { AppContext } from '../context/context.js';
import { DEFAULT_MAX_CLIP_MS } from '../recording/clip-policy.js';
import { PrivateFileRepository } from '../repositories/private-file.repository.js';
import { registerAll, type HomecamModule } from '../runtime/module.js';
import { alertRoutes } from './routes.js';
import { channelSettingsRoutes, type ChannelSettingsEntry } from './channel-settings-routes.js';
import type { AlertPipeline } from './alert-pipeline.js';
import type { AlertChannelPlugin, ChannelContext } from './channel-plugin.js';
import type { ChannelWorkerOptions } from './channel-worker.js';
import { createAlerts } from './create-alerts.js';
import type { MqttHaPublisher } from './mqtt/ha-publisher.js';
import type { PushNotifier } from './push/push-notifier.js';
import { ALERT_CHANNEL_PLUGINS } from './registry.js';
import type { AlertChannel } from './channel.js';

export interface AlertsModuleOptions {
  /** Alert channel queues (tests shorten time-outs and backoff). */
  alerts?: Partial<ChannelWorkerOptions> | undefined;
  /** The channels (default alerts/registry.ts); a test adds one of its own. */
  alertChannels?: readonly AlertChannelPlugin[] | undefined;
  /** Each channel's operator options by id (main.ts: alertChannelOptionsFromEnv; tests: a fake server's address). */
  alertChannelOptions?: Readonly<Record<string, Readonly<Record<string, unknown>>>> | undefined;
  /** HOMECAM_PUBLIC_URL: HomeCam's address from outside, for links in alerts (e.g. a clip too large to upload). */
  publicUrl?: string | undefined;
}

/** What the alerts get from the modules before them: web push, MQTT publishing on the trigger's connection, the clip cap. */
export interface AlertsParts {
  push: PushNotifier;
  mqtt: { publisher: MqttHaPublisher; connected(): boolean };
  /** The recorder's clip cap: an alert waits this long (and a margin) for its clip. */
  maxClipMs?: number | undefined;
}

export type AlertsModule = HomecamModule & {
  readonly pipeline: AlertPipeline;
  /** Adds a channel (or replaces the one with its id: a test's fake where a real channel sits). */
  register(channel: AlertChannel): void;
};

type Deps = Pick<AppContext, 'bus' | 'clock' | 'config' | 'cameras' | 'recordings' | 'streams' | 'integrations' | 'dataDir' | 'log'>;

/**
 * Issue 9: every notification to every alert channel that is on (web push first, then the registry's), each
 * through its own bounded queue, off the event path; their status, "send a test" and one settings route per
 * channel. In-flight sends are cancelled at shutdown before the streams stop.
 */
export function alertsModule(ctx: Deps, parts: AlertsParts, options: AlertsModuleOptions = {}): AlertsModule {
  const log = ctx.log.child({ module: 'alerts' });
  const alerts = createAlerts({
    ...ctx,
    log,
    liveSnapshot: async (camera) => (await ctx.streams.snapshot(camera)).jpeg,
    maxClipMs: parts.maxClipMs ?? DEFAULT_MAX_CLIP_MS,
    worker: options.alerts,
    pushNotifier: parts.push,
  });
  const plugins = options.alertChannels ?? ALERT_CHANNEL_PLUGINS;
  const settings: ChannelSettingsEntry[] = [];
  for (const plugin of plugins) {
    const context: ChannelContext = {
      ...ctx,
      log,
      privateFile: (name) => new PrivateFileRepository(ctx.dataDir, name),
      mqtt: parts.mqtt,
      publicUrl: options.publicUrl,
      options: options.alertChannelOptions?.[plugin.id] ?? {},
    };
    const built = plugin.create(context);
    alerts.register(built.channel);
    if (built.settings) settings.push({ id: plugin.id, settings: built.settings });
  }
  const adminOnlyTest = (id: string): boolean => plugins.some((plugin) => plugin.id === id && plugin.adminOnlyTest === true);
  return {
    name: 'alerts',
    pipeline: alerts.pipeline,
    register: (channel) => alerts.register(channel),
    start: () => alerts.pipeline.start(),
    stop: () => alerts.pipeline.stop(),
    routes: (app) =>
      registerAll(app, [
        (app) => app.register(alertRoutes, { alerts: alerts.pipeline, adminOnlyTest }),
        (app) => app.register(channelSettingsRoutes, { channels: settings }),
      ]),
  };
}
