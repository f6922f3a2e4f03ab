import type { FastifyBaseLogger } from 'fastify';
import { AuditLog } from './audit/audit-log.js';
import type { AppContext } from './context.js';
import { createStreams, type MediaOptions } from './streams-context.js';
import { createParts, lowSpaceComponent } from './runtime-parts.js';
import { analysisComponent, createEventAnalysis, type AnalysisOptions } from './analysis-context.js';
import type { IntegrationRegistry } from './integrations/index.js';
import type { MetricsSampler } from './metrics/index.js';
import { createMetricsSampler, type MetricsOptions } from './metrics-sampler.js';
import type { PushNotifier } from './push/push-notifier.js';
import type { AlertPipeline } from './alerts/alert-pipeline.js';
import type { AlertChannel } from './alerts/channel.js';
import type { ChannelWorkerOptions } from './alerts/channel-worker.js';
import type { RekognitionSettingsService } from './services/rekognition-settings.service.js';
import type { RekognitionUsageService } from './services/rekognition-usage.service.js';
import type { PushSenderOptions } from './push/push-sender.js';
import type { Recorder } from './recording/recorder.js';
import type { CameraStreamService } from './services/camera-stream.service.js';
import type { RefusedRecordingsDir } from './services/recordings-directory.js';
import type { SystemService } from './services/system.service.js';
import type { TriggerService } from './services/trigger.service.js';
import { createSystemService } from './system.js';
import type { LogLevel } from './logger.js';
import type { MqttHaPublisher } from './alerts/mqtt/index.js';
import type { TriggerExtras } from './triggers/trigger-manager.js';
import { createHomekit, type HomekitOptions } from './homekit-context.js';
import type { HomekitBridgeControl } from './homekit/bridge-control.js';
import { continuousComponent, type ContinuousModule, type ContinuousOptions } from './continuous/index.js';

/** One long-lived part of the server: started in dependency order, stopped in reverse. */
export interface Component {
  name: string;
  start(): Promise<void> | void;
  stop(): Promise<void> | void;
}

export { DEFAULT_PUSH_SUBJECT } from './runtime-parts.js';

export interface ComponentOptions {
  /** ffmpeg and stream hub settings (tests shorten time-outs). */
  media?: MediaOptions | undefined;
  /** Trigger options config.json does not hold (listen host, MQTT state topic …). */
  triggers?: TriggerExtras | undefined;
  /** Recorder tuning (tests shorten the clip cap). */
  recorder?: { maxClipMs?: number; syncEveryMs?: number } | undefined;
  /** Tests only: the free bytes below which the recordings disk counts as nearly full (default lowSpaceThreshold). */
  lowSpaceBytes?: ((totalBytes: number) => number) | undefined;
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
  /** Image analysis: Rekognition endpoint (tests, HOMECAM_REKOGNITION_ENDPOINT) and time-out. */
  analysis?: AnalysisOptions | undefined;
  /** The Telegram channel's Bot API root (HOMECAM_TELEGRAM_API_ROOT; tests: the local fake) — never a user's input. */
  telegram?: { apiRoot?: string | undefined } | undefined;
  /** HOMECAM_PUBLIC_URL: HomeCam's address from outside, for links in alerts (e.g. a clip too large for Telegram). */
  publicUrl?: string | undefined;
  /** Alert channel queues (tests shorten time-outs and backoff). */
  alerts?: Partial<ChannelWorkerOptions> | undefined;
  /** Issue 10: the HomeKit bridge's stream delegate factory (live streaming) and, in tests, the interface table. */
  homekit?: HomekitOptions | undefined;
  /** Issue 19: 24/7 recording (node id, fsync cadence, outage gap, retention interval). */
  continuous?: ContinuousOptions | undefined;
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
  /** Issue 9: MQTT publishing / HA discovery; `createMqttChannel({ publisher })` makes the 'mqtt' alert channel. */
  mqttPublisher: MqttHaPublisher;
  /** Issue 9: the one alert pipeline (status, "send a test"); `registerAlertChannel` adds a channel to it. */
  alerts: AlertPipeline;
  registerAlertChannel: (channel: AlertChannel) => void;
  /** Issue 10: the HomeKit bridge (GET/PATCH /api/homekit, POST /api/homekit/reset). */
  homekit: HomekitBridgeControl;
  /** Issue 19: 24/7 recording, its index, timeline, review and exports (a feature module with its own routes). */
  continuous: ContinuousModule;
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

/** The Console's audit trail (audit/audit-log.ts): after the streams (it follows their states), before anything that makes events. */
function auditComponent(ctx: AppContext, streams: () => CameraStreamService, log: FastifyBaseLogger): Component {
  const audit = new AuditLog({ bus: ctx.bus, cameras: ctx.cameras, config: ctx.config, streams, log: log.child({ module: 'audit' }) });
  return { name: 'audit', start: () => audit.start(), stop: () => audit.stop() };
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

/** MQTT publishing and Home Assistant discovery over the trigger's connection; camera and config changes resync. */
function mqttPublishComponent(ctx: AppContext, publisher: MqttHaPublisher): Component {
  const unsubscribe: (() => void)[] = [];
  return {
    name: 'mqtt-state',
    start: () => {
      publisher.start();
      const resync = (): void => void publisher.sync().catch(() => undefined);
      unsubscribe.push(ctx.cameras.onChange(resync), ctx.config.onChange(resync));
    },
    stop: () => {
      for (const off of unsubscribe.splice(0)) off();
      publisher.stop();
    },
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
  const started = (): CameraStreamService => streams ?? (() => { throw new Error('the streams have not started'); })();
  const parts = createParts(ctx, log, options, () => started().hub, () => streams);
  const { recorder, triggerLog, triggers, mqttState, pushNotifier, integrations, rekognition, rekognitionUsage, rekognitionIntegration, alerts } = parts;
  const onError = (message: string) => (error: unknown) => log.error({ err: error }, message);
  const analysis = createEventAnalysis(ctx, log, { usage: rekognitionUsage, integration: rekognitionIntegration, streams: started }, options.analysis);
  const metrics = createMetricsSampler(ctx, () => streams?.hub ?? null, options.metrics, onError('utilization sample failed'));
  const homekit = createHomekit(ctx, { streams: started, system: () => runtime.context.system, integrations }, log, options.homekit);
  const continuous = continuousComponent(ctx, started, recorder, log, options.continuous);

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
    auditComponent(ctx, started, log),
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
    // Before the recorder: it stops after it, so the last event spans still mark their footage.
    continuous,
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
    lowSpaceComponent(ctx, log, options),
    analysisComponent(ctx, analysis),
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
    mqttPublishComponent(ctx, mqttState),
    { name: 'metrics', start: () => metrics.start(), stop: () => metrics.stop() },
    backupComponent(ctx, log),
    configFileComponent(ctx, log),
    // Stopped first: no HomeKit request reaches a part that is already stopping.
    homekit.component,
  ];
  let system: SystemService | null = null;
  const runtime = new Runtime(components, log, () => {
    if (!streams) throw new Error('the runtime has not started');
    system ??= createSystemService(ctx, streams, log, options);
    const alertParts = { alerts: alerts.pipeline, registerAlertChannel: (channel: AlertChannel) => alerts.register(channel) };
    return { ...ctx, streams, recorder, triggers, pushNotifier, integrations, rekognition, rekognitionUsage, system, metrics, mqttPublisher: mqttState, ...alertParts, homekit: homekit.service, continuous };
  });
  return runtime;
}

