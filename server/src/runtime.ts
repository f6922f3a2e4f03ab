import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.js';
import { createStreams, type MediaOptions } from './streams-context.js';
import { createIntegrations, type IntegrationRegistry } from './integrations/index.js';
import type { StreamHub } from './media/index.js';
import type { MetricsSampler } from './metrics/index.js';
import { createMetricsSampler, type MetricsOptions } from './metrics-sampler.js';
import { PushNotifier } from './push/push-notifier.js';
import { createAlerts } from './alerts/create-alerts.js';
import type { AlertPipeline } from './alerts/alert-pipeline.js';
import type { AlertChannel } from './alerts/channel.js';
import type { ChannelWorkerOptions } from './alerts/channel-worker.js';
import { DEFAULT_MAX_CLIP_MS } from './recording/clip-policy.js';
import { RekognitionUsageRepository } from './repositories/rekognition-usage.repository.js';
import { RekognitionSettingsService } from './services/rekognition-settings.service.js';
import { RekognitionUsageService } from './services/rekognition-usage.service.js';
import { createPushSender, type PushSenderOptions } from './push/push-sender.js';
import { Recorder } from './recording/recorder.js';
import type { CameraStreamService } from './services/camera-stream.service.js';
import type { RefusedRecordingsDir } from './services/recordings-directory.js';
import type { SystemService } from './services/system.service.js';
import { TriggerService } from './services/trigger.service.js';
import { createSystemService } from './system.js';
import type { LogLevel } from './logger.js';
import { MqttStatePublisher } from './triggers/mqtt-state-publisher.js';
import { TriggerManager, type TriggerExtras } from './triggers/trigger-manager.js';

/** One long-lived part of the server: started in dependency order, stopped in reverse. */
export interface Component {
  name: string;
  start(): Promise<void> | void;
  stop(): Promise<void> | void;
}

/** The VAPID contact push services see; a placeholder unless HOMECAM_PUSH_SUBJECT names a real one. */
export const DEFAULT_PUSH_SUBJECT = 'mailto:homecam@example.com';

export interface ComponentOptions {
  /** ffmpeg and stream hub settings (tests shorten time-outs). */
  media?: MediaOptions | undefined;
  /** Trigger options config.json does not hold (listen host, MQTT state topic …). */
  triggers?: TriggerExtras | undefined;
  /** Recorder tuning (tests shorten the clip cap). */
  recorder?: { maxClipMs?: number; syncEveryMs?: number } | undefined;
  /** Web push: VAPID subject (default DEFAULT_PUSH_SUBJECT; main.ts passes HOMECAM_PUSH_SUBJECT), per-request time-out. */
  push?: (Partial<PushSenderOptions> & { concurrency?: number }) | undefined;
  /** Tests only: push to loopback/private hosts (the local push service). */
  allowHttpPushEndpoints?: boolean | undefined;
  /** Started by the start script or a process manager (main.ts decides): restart from the UI is possible. */
  supervised?: boolean | undefined;
  /** HOMECAM_LOG_LEVEL: pins the level (config.json's logLevel is then not used). */
  logLevel?: LogLevel | undefined;
  /** Utilization sampling (tests shorten the interval or drive it with a FakeClock). */
  metrics?: MetricsOptions | undefined;
  /** Alert channel queues (tests shorten time-outs and backoff). */
  alerts?: Partial<ChannelWorkerOptions> | undefined;
}

/** The context with the parts the runtime adds; `streams` exists once the runtime has started. */
export type HomecamContext = AppContext & {
  streams: CameraStreamService;
  recorder: Recorder;
  triggers: TriggerService;
  pushNotifier: PushNotifier;
  /** Every integration (triggers, notifiers, analysis) for the plugins page; issue 9's channels register here. */
  integrations: IntegrationRegistry;
  /** Settings → Rekognition (config.json `aws`) and the monthly call budget the analysis (issue 9) consumes. */
  rekognition: RekognitionSettingsService;
  rekognitionUsage: RekognitionUsageService;
  system: SystemService;
  /** The Utilization page's samples (GET /api/system/metrics, socket `metrics`). */
  metrics: MetricsSampler;
  /** Issue 9: the one alert pipeline (status, "send a test"); `registerAlertChannel` adds a channel to it. */
  alerts: AlertPipeline;
  registerAlertChannel: (channel: AlertChannel) => void;
};

/** Stops each component in the order given; a failing stop is logged and the rest still stop. */
export async function stopAll(components: readonly Component[], log: FastifyBaseLogger): Promise<void> {
  for (const component of components) {
    try {
      await component.stop();
    } catch (error) {
      log.error({ err: error, component: component.name }, 'stopping failed');
    }
  }
}

export class Runtime {
  private readonly started: Component[] = [];

  constructor(
    readonly components: readonly Component[],
    private readonly log: FastifyBaseLogger,
    private readonly parts: () => HomecamContext,
  ) {}

  /** Everything, for the routes and tests; only after start(). */
  get context(): HomecamContext {
    return this.parts();
  }

  /** Starts the components in order; when one throws, what already started is stopped and the error goes on. */
  async start(): Promise<void> {
    for (const component of this.components) {
      try {
        await component.start();
      } catch (error) {
        await this.stop();
        throw error;
      }
      this.started.push(component);
    }
  }

  /** Stops what started, last first: the one teardown, for a failed start, a failed build and Fastify's onClose. */
  async stop(): Promise<void> {
    await stopAll(this.started.splice(0).reverse(), this.log);
  }
}

/** The parts the runtime builds on the context (nothing started yet); `hub` is read once the streams run. */
function createParts(ctx: AppContext, log: FastifyBaseLogger, options: ComponentOptions, hub: () => StreamHub, streams: () => CameraStreamService | null) {
  const recorder = new Recorder({
    hub,
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
  const manager = new TriggerManager({ cameras: () => ctx.cameras.list(), sink: ctx.cameraEvents.sink(), logger: triggerLog }, options.triggers);
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
  // Issue 9's channels: alerts.register(createXChannel(...)) here, one line each.
  return {
    alerts,
    recorder,
    triggerLog,
    triggers,
    mqttState: new MqttStatePublisher({ bus: ctx.bus, mqtt: () => manager.mqtt(), log: mqttStateLog }),
    pushNotifier,
    integrations: integrations.registry,
    rekognition,
    rekognitionUsage,
  };
}

const REFUSALS: Record<string, string> = {
  PATH_FORBIDDEN: 'a system directory, the data directory, a parent of one, or the photos directory',
  PATH_NOT_EMPTY: 'it holds files that are not HomeCam\'s (no .homecam-recordings marker, no recordings)',
  PATH_NOT_WRITABLE: 'HomeCam cannot create or write to it',
  PATH_NOT_ABSOLUTE: 'not an absolute path',
};

/** config.json names a recordings directory the path rules refuse: an ERROR in the log and in the notifications. */
function reportRefusedDir(ctx: AppContext, log: FastifyBaseLogger): (refused: RefusedRecordingsDir) => void {
  return ({ configured, reason, fallback }) => {
    const why = REFUSALS[reason] ?? reason;
    log.error({ configured, rule: reason, fallback }, `config.json recordings.path refused (${why}): recording to ${fallback} instead`);
    const message = `recordings.path in config.json (${configured}) is not used: ${why}. New recordings go to ${fallback} until it is changed.`;
    ctx.notifications.system('ERROR', 'Recordings directory refused', message).catch((error: unknown) => log.error({ err: error }, 'notification failed'));
  };
}

/** The daily database copy (and the report of a restore rolled back at this start). */
function backupComponent(ctx: AppContext, log: FastifyBaseLogger): Component {
  return {
    name: 'backup',
    start: () => {
      ctx.backup.onError = (error) => log.error({ err: error }, 'backup failed');
      return ctx.backup.start();
    },
    stop: () => ctx.backup.stop(),
  };
}

/** config.json edited on disk is applied live; a bad edit is logged and the last good config kept. */
function configFileComponent(ctx: AppContext, log: FastifyBaseLogger): Component {
  return {
    name: 'config-file',
    start: () =>
      ctx.config.watchFile((result) => {
        if (result === 'applied') log.info('config.json changed on disk: applied');
        else if (result instanceof Error) log.warn({ problem: result.message }, 'config.json on disk is not valid: keeping the last good config');
      }),
    stop: () => ctx.config.close(),
  };
}

/**
 * The server's long-lived parts in dependency order. Reversed, that order is the shutdown: config watching and
 * the triggers end first (no new events), then the event timers, then clips in progress are finalised, pushes in
 * flight are cancelled (finalised clips may still notify), the streams stop, and the database closes last.
 */
export function createRuntime(ctx: AppContext, log: FastifyBaseLogger, options: ComponentOptions): Runtime {
  ctx.config.onListenerError = (error) => log.error({ err: error }, 'config change listener failed');
  ctx.bus.onListenerError = (error, event) => log.error({ err: error, event }, 'event listener failed');
  let streams: CameraStreamService | null = null;
  const hub = (): StreamHub => {
    if (!streams) throw new Error('the streams have not started');
    return streams.hub;
  };
  const { recorder, triggerLog, triggers, mqttState, pushNotifier, integrations, rekognition, rekognitionUsage, alerts } = createParts(ctx, log, options, hub, () => streams);
  const onError = (message: string) => (error: unknown) => log.error({ err: error }, message);
  const metrics = createMetricsSampler(ctx, () => streams?.hub ?? null, options.metrics, onError('utilization sample failed'));

  const components: Component[] = [
    // Stopped last: what the other parts log while stopping still reaches the file.
    { name: 'logs', start: () => undefined, stop: () => ctx.logs.close() },
    { name: 'database', start: () => undefined, stop: () => ctx.database.close() },
    {
      name: 'streams',
      start: async () => {
        streams = await createStreams(ctx, log.child({ module: 'media' }), options.media);
      },
      stop: () => streams?.close(),
    },
    {
      // Web push for every new notification, off the event path; ended sessions take their subscriptions along.
      name: 'push',
      start: () => {
        ctx.push.start(onError('push subscription cleanup failed'));
      },
      stop: async () => {
        ctx.push.stop();
        await pushNotifier.close();
      },
    },
    {
      name: 'recorder',
      start: async () => {
        ctx.recordingsDir.onRefused(reportRefusedDir(ctx, log));
        // Clips a crash left unfinished are cut to their last whole fragment and indexed as interrupted.
        await ctx.recordings.recover();
        recorder.start();
      },
      stop: () => recorder.close(),
    },
    { name: 'retention', start: () => ctx.recordings.startSweep(onError('recording retention failed')), stop: () => ctx.recordings.stop() },
    { name: 'notifications', start: () => ctx.notifications.start(onError('notification failed')), stop: () => ctx.notifications.stop() },
    // Every notification to every alert channel (web push included), off the event path; in-flight sends are
    // cancelled at shutdown before the streams stop.
    { name: 'alerts', start: () => alerts.pipeline.start(), stop: () => alerts.pipeline.stop() },
    { name: 'camera-events', start: () => undefined, stop: () => ctx.cameraEvents.close() },
    {
      name: 'triggers',
      start: async () => {
        const failures = await triggers.start((error) => triggerLog.error({ err: error }, 'applying the trigger config failed'));
        for (const [name, problem] of Object.entries(failures)) triggerLog.warn({ trigger: name, problem }, 'trigger did not start');
      },
      stop: () => triggers.close(),
    },
    { name: 'mqtt-state', start: () => mqttState.start(), stop: () => mqttState.stop() },
    { name: 'metrics', start: () => metrics.start(), stop: () => metrics.stop() },
    backupComponent(ctx, log),
    configFileComponent(ctx, log),
  ];
  let system: SystemService | null = null;
  return new Runtime(components, log, () => {
    if (!streams) throw new Error('the runtime has not started');
    system ??= createSystemService(ctx, streams, log, options);
    return { ...ctx, streams, recorder, triggers, pushNotifier, integrations, rekognition, rekognitionUsage, system, metrics, alerts: alerts.pipeline, registerAlertChannel: (channel) => alerts.register(channel) };
  });
}
