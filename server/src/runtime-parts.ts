import type { FastifyBaseLogger } from 'fastify';
import { createAlerts } from './alerts/create-alerts.js';
import { createAlexaChannel } from './alerts/alexa/alexa-channel.js';
import { createMqttChannel } from './alerts/mqtt/index.js';
import { createTelegramChannel } from './alerts/telegram/index.js';
import { createWebhookChannel } from './alerts/webhook/webhook-channel.js';
import type { AppContext } from './context.js';
import { createIntegrations } from './integrations/index.js';
import { createMqttPublisher } from './mqtt-publisher.js';
import { PushNotifier } from './push/push-notifier.js';
import { createPushSender } from './push/push-sender.js';
import { DEFAULT_MAX_CLIP_MS } from './recording/clip-policy.js';
import { LowSpaceWarning } from './recording/low-space-warning.js';
import { Recorder } from './recording/recorder.js';
import { RekognitionUsageRepository } from './repositories/rekognition-usage.repository.js';
import type { ComponentOptions } from './runtime.js';
import type { CameraStreamService } from './services/camera-stream.service.js';
import { RekognitionSettingsService } from './services/rekognition-settings.service.js';
import { RekognitionUsageService } from './services/rekognition-usage.service.js';
import { TriggerService } from './services/trigger.service.js';
import { TriggerManager } from './triggers/trigger-manager.js';

/** The VAPID contact push services see; a placeholder unless HOMECAM_PUSH_SUBJECT names a real one. */
export const DEFAULT_PUSH_SUBJECT = 'mailto:homecam@example.com';

/**
 * The alert channels of issue 9 on the one pipeline (web push is already its 'push' channel). Each decides from
 * config.json whether it is on; the Bot API root and the public URL are operator options, never a user's input.
 */
function registerAlertChannels(alerts: ReturnType<typeof createAlerts>, ctx: AppContext, options: ComponentOptions, log: FastifyBaseLogger, mqttPublisher: ReturnType<typeof createMqttPublisher>): void {
  const channelLog = log.child({ module: 'alerts' });
  alerts.register(createTelegramChannel({ config: () => ctx.config.get(), apiRoot: options.telegram?.apiRoot, publicUrl: () => options.publicUrl, log: channelLog, clock: ctx.clock }));
  alerts.register(createWebhookChannel({ config: ctx.config, secret: () => ctx.alertSettings.webhookSecret(), log: channelLog, clock: ctx.clock }));
  alerts.register(createAlexaChannel({ config: ctx.config, log: channelLog, clock: ctx.clock }));
  alerts.register(createMqttChannel({ publisher: mqttPublisher }));
}

/** The parts the runtime builds on the context (nothing started yet); `started` is read once the streams run. */
export function createParts(ctx: AppContext, log: FastifyBaseLogger, options: ComponentOptions, started: () => CameraStreamService, streams: () => CameraStreamService | null) {
  const recorder = new Recorder({
    streams: started,
    cameras: ctx.cameras,
    config: ctx.config,
    service: ctx.recordings,
    notifications: ctx.notifications,
    bus: ctx.bus,
    clock: ctx.clock,
    log: log.child({ module: 'recorder' }),
    ...options.recorder,
  });
  const triggerLog = log.child({ module: 'triggers' });
  const mqttPublisher = createMqttPublisher(ctx, () => manager, () => streams(), (context, message) => mqttStateLog.warn(context, message), triggerLog);
  const triggerExtras = { ...options.triggers, mqtt: { commands: mqttPublisher.commands, onConnected: () => void mqttPublisher.connected().catch(() => undefined), ...options.triggers?.mqtt } };
  const manager = new TriggerManager({ cameras: () => ctx.cameras.list(), sink: ctx.cameraEvents.sink(), logger: triggerLog }, triggerExtras);
  const pushNotifier = new PushNotifier({
    push: ctx.push,
    send: createPushSender({
      subject: options.push?.subject ?? DEFAULT_PUSH_SUBJECT,
      timeoutMs: options.push?.timeoutMs ?? 10_000,
      allowInternalHosts: options.allowHttpPushEndpoints,
    }),
    bus: ctx.bus,
    log: log.child({ module: 'push' }),
    concurrency: options.push?.concurrency,
    onFailure: (message) => integrations.webPush.fail(message),
  });
  const triggers = new TriggerService(manager, ctx.config);
  const rekognitionUsage = new RekognitionUsageService({ usage: new RekognitionUsageRepository(ctx.database.db), config: ctx.config, clock: ctx.clock });
  const rekognition = new RekognitionSettingsService(ctx.config, rekognitionUsage);
  const integrations = createIntegrations({ triggers, manager, config: ctx.config, clock: ctx.clock, push: ctx.push, rekognition, rekognitionUsage });
  // Publish failures are logged as before and kept as the MQTT state integration's last error.
  const mqttStateLog = {
    warn: (context: object, message: string) => {
      triggerLog.warn(context, message);
      const err = (context as { err?: unknown }).err;
      integrations.mqttState.fail(err instanceof Error ? `${message}: ${err.message}` : message);
    },
  };
  const alerts = createAlerts({
    ...ctx,
    integrations: integrations.registry,
    log: log.child({ module: 'alerts' }),
    liveSnapshot: async (camera) => (await streams()?.snapshot(camera))?.jpeg ?? null,
    maxClipMs: options.recorder?.maxClipMs ?? DEFAULT_MAX_CLIP_MS,
    worker: options.alerts,
    pushNotifier,
  });
  registerAlertChannels(alerts, ctx, options, log, mqttPublisher);
  return {
    alerts,
    recorder,
    triggerLog,
    triggers,
    mqttState: mqttPublisher,
    pushNotifier,
    integrations: integrations.registry,
    rekognition,
    rekognitionUsage,
    rekognitionIntegration: integrations.rekognition,
  };
}


/** The WARN before the recordings disk is full (D2/F15): looks as clips start and every 10 minutes. */
export function lowSpaceComponent(ctx: AppContext, log: FastifyBaseLogger, options: ComponentOptions) {
  const warning = new LowSpaceWarning({
    space: () => ctx.repositories.recordingFiles.space(),
    warn: (message) => ctx.notifications.system('WARN', 'Recordings', message),
    bus: ctx.bus,
    clock: ctx.clock,
    threshold: options.lowSpaceBytes,
    onError: (error) => log.warn({ err: error }, 'checking the free space of the recordings disk failed'),
  });
  return { name: 'low-space', start: () => warning.start(), stop: () => warning.stop() };
}
