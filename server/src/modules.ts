import { alertsModule, type AlertsModuleOptions } from './alerts/module.js';
import { mqttStateModule, publisherHooks } from './alerts/mqtt/module.js';
import { pushModule, type PushModuleOptions } from './alerts/push/module.js';
import { analysisModule, type AnalysisOptions } from './analysis/module.js';
import { auditModule } from './core/audit.module.js';
import { backupModule, type BackupModuleOptions } from './core/backup.module.js';
import type { ContinuousOptions } from './continuous/index.js';
import { continuousModule } from './continuous/module.js';
import type { AppContext } from './context/context.js';
import { apiModule } from './core/api.module.js';
import { cameraEventsModule } from './core/camera-events.module.js';
import { configFileModule } from './core/config-file.module.js';
import { detectionModule, type ObjectDetectionOptions } from './detection/module.js';
import { notificationsModule } from './core/notifications.module.js';
import { onvifModule } from './onvif/module.js';
import type { OnvifServiceOptions } from './onvif/onvif.service.js';
import { systemModule, type SystemModuleOptions } from './core/system.module.js';
import { homekitModule, type HomekitOptions } from './homekit/module.js';
import { metricsModule, type MetricsOptions } from './metrics/module.js';
import { recorderModule, type RecorderModuleOptions } from './recording/module.js';
import type { HomecamModule } from './runtime/module.js';
import { passkeysModule } from './passkeys/module.js';
import { onvifEventsModule } from './onvif-events/module.js';
import type { OnvifEventsTiming } from './onvif-events/camera-subscription.js';
import { secondFactorModule } from './second-factor/module.js';
import { apiTokensModule } from './api-tokens/module.js';
import { sessionsModule } from './sessions/module.js';
import { firstGate } from './services/notification.service.js';
import { streamsModule, type LiveOptions } from './core/streams.module.js';
import { triggersModule } from './core/triggers.module.js';
import type { TriggerExtras } from './triggers/trigger-manager.js';

/** What the modules take besides the context: operator options (main.ts) and tests' shorter time-outs. */
export interface ModuleOptions extends PushModuleOptions, RecorderModuleOptions, AlertsModuleOptions, BackupModuleOptions, SystemModuleOptions {
  live?: LiveOptions | undefined;
  /** Trigger options config.json does not hold (listen host, MQTT state topic …). */
  triggers?: TriggerExtras | undefined;
  /** Utilization sampling (tests shorten the interval or drive it with a FakeClock). */
  metrics?: MetricsOptions | undefined;
  /** Image analysis: Rekognition endpoint (tests, HOMECAM_REKOGNITION_ENDPOINT) and time-out. */
  analysis?: AnalysisOptions | undefined;
  /** Issue 10: the HomeKit bridge's stream delegate factory (live streaming) and, in tests, the interface table. */
  homekit?: HomekitOptions | undefined;
  /** Issue 19: 24/7 recording (node id, fsync cadence, outage gap, retention interval). */
  continuous?: ContinuousOptions | undefined;
  /** Issue 20: the local object detector's worker count. */
  objectDetection?: ObjectDetectionOptions | undefined;
  /** Issue 22: ONVIF time-outs, the discovery window and the PTZ safety stop (tests shorten them). */
  onvif?: OnvifServiceOptions | undefined;
  /** Issue 22: ONVIF event subscriptions' timing (tests shorten the subscription, pulls and back-off). */
  onvifEvents?: Partial<OnvifEventsTiming> | undefined;
}

/**
 * HomeCam's modules, like go2rtc's main.go: each folder's factory wires its parts, routes and socket events from
 * the context. Built in the order of their plugins-page entries (triggers, MQTT publishing, web push, analysis,
 * alert channels, HomeKit); started in the order of the list returned, and stopped in reverse: config watching
 * and the triggers end first (no new events), then the event timers, then clips in progress are finalised,
 * pushes in flight are cancelled (finalised clips may still notify), the streams stop, and the database closes
 * last. Adding a module is one line here.
 */
export function createModules(ctx: AppContext, options: ModuleOptions) {
  const triggers = triggersModule(ctx, options.triggers, publisherHooks(() => mqtt.publisher));
  const mqtt = mqttStateModule(ctx, triggers);
  const push = pushModule(ctx, options);
  const analysis = analysisModule(ctx, options.analysis);
  const mqttLink = { publisher: mqtt.publisher, connected: () => triggers.triggers.mqttConnected() };
  const alerts = alertsModule(ctx, { push: push.notifier, mqtt: mqttLink, maxClipMs: options.recorder?.maxClipMs }, options);
  const system = systemModule(ctx, options);
  const detection = detectionModule(ctx, options.objectDetection);
  const homekit = homekitModule(ctx, system.system, options.homekit, (camera) => detection.objects.handles(camera));
  const recorder = recorderModule(ctx, options);
  const continuous = continuousModule(ctx, recorder.recorder, options.continuous);
  const metrics = metricsModule(ctx, options.metrics);
  // Issue 21: installs the sign-in's second step on the context's AuthService.
  const secondFactor = secondFactorModule(ctx);
  // Issue 21: passkeys register with the second-factor feature (policy, second step, an admin's reset).
  const passkeys = passkeysModule(ctx, secondFactor);
  const onvif = onvifModule(ctx, options.onvif);
  const onvifEvents = onvifEventsModule(ctx, options.onvifEvents);
  const streams = streamsModule(ctx, options.live);
  const list = [
    // Stopped last: what the other modules log while stopping still reaches the file.
    { name: 'logs', stop: () => ctx.logs.close() },
    { name: 'database', stop: () => ctx.database.close() },
    apiModule(ctx),
    secondFactor,
    passkeys,
    // Issue 21: installs the API-token check on the context's AuthService; the signed-in devices list.
    apiTokensModule(ctx),
    sessionsModule(ctx),
    system,
    streams,
    auditModule(ctx),
    push,
    // Before the recorder: stopped after it, so the last event spans still mark their footage.
    continuous,
    recorder,
    analysis,
    // The local detector first: where it decides, its objects are the events and bare motion stays quiet.
    notificationsModule(ctx, firstGate(detection.objects, analysis.analysis)),
    alerts,
    cameraEventsModule(ctx),
    detection,
    triggers,
    // Beside the other triggers: stopped before the camera events it feeds.
    onvifEvents,
    mqtt,
    metrics,
    backupModule(ctx, options),
    configFileModule(ctx),
    onvif,
    // Stopped first: no HomeKit request reaches a module that is already stopping.
    homekit,
  ] satisfies HomecamModule[];
  return { list, streams, onvif, onvifEvents, secondFactor, passkeys, recorder, continuous, triggers, mqtt, push, analysis, alerts, system, homekit, metrics, detection };
}

export type Modules = ReturnType<typeof createModules>;
