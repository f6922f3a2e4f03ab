import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyWebsocket from '@fastify/websocket';
import { PHOTO_MAX_BYTES } from '@homecam/shared';
import fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { DestinationStream } from 'pino';
import { createContext, createStreams, type AppContext, type ContextOptions, type MediaOptions } from './context.js';
import { installAccessControl } from './http/access/access-control.js';
import { authRoutes } from './http/auth/auth.routes.js';
import { cameraEventRoutes } from './http/cameras/camera-events.routes.js';
import { notificationRoutes } from './http/notifications/notifications.routes.js';
import { pushRoutes } from './http/push/push.routes.js';
import { PushNotifier } from './push/push-notifier.js';
import { createPushSender, type PushSenderOptions } from './push/push-sender.js';
import { recordingRoutes } from './http/recordings/recordings.routes.js';
import { settingsRoutes } from './http/settings/settings.routes.js';
import { DiskRepository } from './repositories/disk.repository.js';
import { SettingsService } from './services/settings.service.js';
import { triggerRoutes } from './http/system/triggers.routes.js';
import { Recorder } from './recording/recorder.js';
import { TriggerService } from './services/trigger.service.js';
import { TriggerManager, type TriggerExtras } from './triggers/trigger-manager.js';
import { cameraRoutes } from './http/cameras/cameras.routes.js';
import type { LiveDeps } from './http/cameras/live-session.js';
import { liveRoutes } from './http/cameras/live.routes.js';
import { configRoutes } from './http/config/config.routes.js';
import { registerDocs } from './http/docs.js';
import { installErrorHandler } from './http/error-handler.js';
import { installHttpLimits, type HttpLimitsOptions } from './http/limits.js';
import { installSecurityHeaders } from './http/security-headers.js';
import './http/fastify-types.js';
import { fileRoutes } from './http/files/files.routes.js';
import { roomRoutes } from './http/rooms/rooms.routes.js';
import { healthRoutes } from './http/system/health.routes.js';
import { userPhotoRoutes } from './http/users/user-photo.routes.js';
import { userRoutes } from './http/users/users.routes.js';
import { webRoutes } from './http/web/web.routes.js';
import { loggerOptions, type LogLevel } from './logger.js';
import { RealtimeGateway } from './realtime/gateway.js';
import type { TrustProxy } from './cli/options.js';
import type { CameraStreamService } from './services/camera-stream.service.js';

export interface BuildAppOptions extends Omit<ContextOptions, 'webDir'> {
  /** HOMECAM_TRUST_PROXY: whose X-Forwarded-For gives the client address (default: nobody's). */
  trustProxy?: TrustProxy | undefined;
  /** Overrides config.json's logLevel (HOMECAM_LOG_LEVEL). */
  logLevel?: LogLevel | undefined;
  /** Where logs go (default stdout); tests capture them to check that no secret is written. */
  logStream?: DestinationStream | undefined;
  /** The built web app; default `HOMECAM_WEB_DIR`, else web/dist beside the server package. */
  webDir?: string | undefined;
  /** ffmpeg and stream hub settings (tests shorten time-outs). */
  media?: MediaOptions | undefined;
  /** Live WebSocket tuning (auth time-out, socket high-water mark). */
  live?: Pick<LiveDeps, 'authTimeoutMs' | 'highWaterBytes'> | undefined;
  /** Trigger options config.json does not hold (listen host, MQTT state topic …). */
  triggers?: TriggerExtras | undefined;
  /** Recorder tuning (tests shorten the clip cap). */
  recorder?: { maxClipMs?: number; syncEveryMs?: number } | undefined;
  /** Web push: VAPID subject (default HOMECAM_PUSH_SUBJECT, else DEFAULT_PUSH_SUBJECT), per-request time-out. */
  push?: Partial<PushSenderOptions> & { concurrency?: number } | undefined;
  /** Time-outs, connections per address, JSON depth, 404 rate (tests shorten them). */
  httpLimits?: HttpLimitsOptions | undefined;
}

/** The VAPID contact push services see; a placeholder unless HOMECAM_PUSH_SUBJECT names a real one. */
export const DEFAULT_PUSH_SUBJECT = 'mailto:homecam@example.com';

/** The context with the stream hub, which needs the app's logger. */
export type HomecamContext = AppContext & { streams: CameraStreamService; recorder: Recorder; triggers: TriggerService; pushNotifier: PushNotifier };

export type HomecamApp = FastifyInstance & { homecam: HomecamContext; realtime: RealtimeGateway };

/** Fastify trusts a hop count at run time but its types lack it: the same rule as a function (hop 0 is the socket's peer). */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** web/dist relative to this file: src/ (tsx, tests) and dist/ (built) are both one level below server/. */
function defaultWebDir(): string {
  return process.env.HOMECAM_WEB_DIR || fileURLToPath(new URL('../../web/dist/', import.meta.url));
}

/**
 * Builds the whole app without listening: tests use `inject()` or listen on port 0; main.ts listens.
 * Rejects with a ConfigLoadError when config.json is unusable.
 */
export async function buildApp(options: BuildAppOptions): Promise<HomecamApp> {
  const ctx = await createContext({ ...options, webDir: options.webDir ?? defaultWebDir() });
  const level = options.logLevel ?? ctx.config.get().logLevel;
  const app = fastify({
    logger: loggerOptions(level, options.logStream),
    // Uploads are streamed by @fastify/multipart with their own limit; JSON bodies are small.
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
  }).withTypeProvider<ZodTypeProvider>();

  let streams: CameraStreamService | null = null;
  let recorder: Recorder | null = null;
  let triggers: TriggerService | null = null;
  let pushNotifier: PushNotifier | null = null;
  try {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    ctx.config.onListenerError = (error) => app.log.error({ err: error }, 'config change listener failed');
    // Without an explicit HOMECAM_LOG_LEVEL, editing logLevel in the config takes effect at once.
    if (options.logLevel === undefined) {
      ctx.config.onChange((next) => {
        app.log.level = next.logLevel;
      });
    }

    // Awaited before the hooks below so the cookie is parsed by the time the access hook runs.
    await app.register(fastifyCookie);
    await app.register(fastifyMultipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10 } });
    // Before the access hook: it reads request.ws. socket.io keeps its own upgrades (/socket.io/); the rest
    // (the live video sockets) go through Fastify's routing, hooks and access rules.
    const upgrades = new EventEmitter();
    app.server.on('upgrade', (request, socket, head) => {
      if (!request.url?.startsWith('/socket.io/')) upgrades.emit('upgrade', request, socket, head);
    });
    await app.register(fastifyWebsocket, {
      options: { maxPayload: 64 * 1024, server: upgrades as unknown as Server },
      // A viewer that vanished (reset, network gone) is routine, not an error worth a stack trace.
      errorHandler: (error, socket, request) => {
        request.log.debug({ err: error }, 'live socket error');
        socket.terminate();
      },
    });
    installErrorHandler(app);
    await installHttpLimits(app, { ...options.httpLimits, behindProxy: !!options.trustProxy });
    await installSecurityHeaders(app);
    installAccessControl(app, ctx.auth);
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header('x-request-id', request.id);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'same-origin');
      done(null, payload);
    });

    streams = await createStreams(ctx, app.log.child({ module: 'media' }), options.media);
    const hub = streams.hub;
    ctx.bus.onListenerError = (error, event) => app.log.error({ err: error, event }, 'event listener failed');
    // Clips a crash left unfinished are cut to their last whole fragment and indexed as interrupted.
    await ctx.recordings.recover();
    recorder = new Recorder({
      hub: () => hub,
      cameras: ctx.cameras,
      config: ctx.config,
      recordings: ctx.repositories.recordings,
      files: ctx.repositories.recordingFiles,
      service: ctx.recordings,
      notifications: ctx.notifications,
      bus: ctx.bus,
      clock: ctx.clock,
      log: app.log.child({ module: 'recorder' }),
      ...options.recorder,
    });
    // The recorder hears an event before the notifications, so a notification links its recording.
    recorder.start();
    const recorderRef = recorder;
    ctx.notifications.recordingLookup = (eventId) => recorderRef.recordingFor(eventId);
    ctx.notifications.start((error) => app.log.error({ err: error }, 'notification failed'));
    ctx.recordings.startSweep((error) => app.log.error({ err: error }, 'recording retention failed'));
    const triggerLog = app.log.child({ module: 'triggers' });
    const manager = new TriggerManager({ cameras: () => ctx.cameras.list(), sink: ctx.cameraEvents.sink(), logger: triggerLog }, options.triggers);
    triggers = new TriggerService(manager, ctx.config);
    const failures = await triggers.start((error) => triggerLog.error({ err: error }, 'applying the trigger config failed'));
    for (const [name, problem] of Object.entries(failures)) triggerLog.warn({ trigger: name, problem }, 'trigger did not start');
    const publish = (camera: string, state: boolean, type: 'motion' | 'doorbell', event: string): void => {
      manager
        .mqtt()
        ?.publishMotionState(camera, state, { type, event })
        .catch((error: unknown) => triggerLog.warn({ err: error }, 'MQTT motion state not published'));
    };
    ctx.bus.subscribe('MotionStarted', (e) => !e.continued && publish(e.camera, true, 'motion', e.source));
    ctx.bus.subscribe('MotionEnded', (e) => publish(e.camera, false, 'motion', e.reason === 'timeout' ? 'timeout' : e.source));
    ctx.bus.subscribe('DoorbellPressed', (e) => publish(e.camera, true, 'doorbell', e.source));
    // Web push for every new notification, off the event path; ended sessions take their subscriptions along.
    ctx.push.start((error) => app.log.error({ err: error }, 'push subscription cleanup failed'));
    pushNotifier = new PushNotifier({
      push: ctx.push,
      send: createPushSender({
        subject: options.push?.subject ?? (process.env.HOMECAM_PUSH_SUBJECT || DEFAULT_PUSH_SUBJECT),
        timeoutMs: options.push?.timeoutMs ?? 10_000,
        allowInternalHosts: options.allowHttpPushEndpoints,
      }),
      bus: ctx.bus,
      log: app.log.child({ module: 'push' }),
      concurrency: options.push?.concurrency,
    });
    pushNotifier.start();
    const context: HomecamContext = { ...ctx, streams, recorder, triggers, pushNotifier };
    ctx.config.watchFile((result) => {
      if (result === 'applied') app.log.info('config.json changed on disk: applied');
      else if (result instanceof Error) app.log.warn({ problem: result.message }, 'config.json on disk is not valid: keeping the last good config');
    });

    await registerDocs(app);
    await app.register(healthRoutes);
    await app.register(authRoutes, { auth: ctx.auth });
    await app.register(userRoutes, { users: ctx.users });
    await app.register(userPhotoRoutes, { photos: ctx.photos });
    await app.register(fileRoutes, { files: ctx.files });
    await app.register(configRoutes, { config: ctx.config });
    await app.register(cameraRoutes, { cameras: ctx.cameras, streams });
    await app.register(liveRoutes, {
      live: { auth: ctx.auth, cameras: ctx.cameras, streams, bus: ctx.bus, clock: ctx.clock, ...options.live },
    });
    await app.register(roomRoutes, { rooms: ctx.rooms });
    await app.register(cameraEventRoutes, { events: ctx.cameraEvents });
    await app.register(notificationRoutes, { notifications: ctx.notifications });
    await app.register(recordingRoutes, { recordings: ctx.recordings });
    await app.register(pushRoutes, { push: ctx.push });
    await app.register(settingsRoutes, {
      settings: new SettingsService({ config: ctx.config, recordings: ctx.repositories.recordings, disk: new DiskRepository(), dataDir: ctx.dataDir }),
    });
    await app.register(triggerRoutes, { triggers });
    await app.register(webRoutes, { assets: ctx.repositories.webAssets });

    const realtime = new RealtimeGateway(app.server, {
      auth: ctx.auth,
      notifications: ctx.notifications,
      bus: ctx.bus,
      clock: ctx.clock,
      log: app.log,
      cameraStatuses: () => streams?.statuses() ?? [],
    });
    app.decorate('homecam', context);
    app.decorate('realtime', realtime);
    // Sockets first (they hold upgraded connections Fastify does not track), the database last.
    app.addHook('preClose', (done) => {
      realtime.close();
      done();
    });
    app.addHook('onClose', async () => {
      ctx.config.close();
      await stopEvents(context.triggers, context.recorder, ctx, context.pushNotifier);
      await context.streams.close();
      await ctx.database.close();
    });
    await app.ready();
    return app as unknown as HomecamApp;
  } catch (error) {
    await app.close().catch(() => undefined);
    ctx.config.close();
    await stopEvents(triggers, recorder, ctx, pushNotifier).catch(() => undefined);
    await streams?.close().catch(() => undefined);
    await ctx.database.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Triggers first (no new events), then the event timers, then the clips in progress are finalised; pushes in
 * flight are cancelled last (finalised clips may still notify) and before the database closes.
 */
async function stopEvents(triggers: TriggerService | null, recorder: Recorder | null, ctx: AppContext, pushNotifier: PushNotifier | null): Promise<void> {
  await triggers?.close();
  ctx.cameraEvents.close();
  ctx.notifications.stop();
  ctx.recordings.stop();
  await recorder?.close();
  ctx.push.stop();
  await pushNotifier?.close();
}
