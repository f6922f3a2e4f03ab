import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { PHOTO_MAX_BYTES } from '@homecam/shared';
import fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileURLToPath } from 'node:url';
import type { DestinationStream } from 'pino';
import { fastifyTrustProxy, type TrustProxy } from './cli/options.js';
import { createContext, type ContextOptions } from './context.js';
import { installAccessControl } from './http/access/access-control.js';
import { AccessLogController } from './http/access-log.js';
import { lazyRequestLogger } from './http/request-logger.js';
import { installErrorHandler } from './http/error-handler.js';
import { installHttpLimits, type HttpLimitsOptions } from './http/limits.js';
import { installSecurityHeaders } from './http/security-headers.js';
import './http/fastify-types.js';
import { attachRealtime, registerRoutes, type LiveOptions } from './http/routes.js';
import { registerLiveWebSockets } from './http/upgrade-router.js';
import { loggerOptions, type LogLevel } from './logger.js';
import type { RealtimeGateway } from './realtime/gateway.js';
import { createRuntime, type ComponentOptions, type HomecamContext } from './runtime.js';

export interface BuildAppOptions extends Omit<ContextOptions, 'webDir'>, ComponentOptions {
  /** HOMECAM_TRUST_PROXY: whose X-Forwarded-For gives the client address (default: nobody's). */
  trustProxy?: TrustProxy | undefined;
  /** Overrides config.json's logLevel (HOMECAM_LOG_LEVEL). */
  logLevel?: LogLevel | undefined;
  /** Where logs go (default stdout); tests capture them to check that no secret is written. */
  logStream?: DestinationStream | undefined;
  /** The built web app (main.ts passes HOMECAM_WEB_DIR); default web/dist beside the server package. */
  webDir?: string | undefined;
  live?: LiveOptions | undefined;
  /** Time-outs, connections per address, JSON depth, 404 rate (tests shorten them). */
  httpLimits?: HttpLimitsOptions | undefined;
}

export type HomecamApp = FastifyInstance & { homecam: HomecamContext; realtime: RealtimeGateway };

/** Fastify plugins, in order: cookies before the access hook reads them; uploads stream with their own limit. */
const PLUGINS: ((app: FastifyInstance) => PromiseLike<unknown>)[] = [
  (app) => app.register(fastifyCookie),
  (app) => app.register(fastifyMultipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10 } }),
  registerLiveWebSockets,
];

/** Builds the whole app without listening: tests use `inject()` or listen on port 0; main.ts listens. Rejects with a ConfigLoadError when config.json is unusable. */
export async function buildApp(options: BuildAppOptions): Promise<HomecamApp> {
  const ctx = await createContext({ ...options, webDir: options.webDir ?? fileURLToPath(new URL('../../web/dist/', import.meta.url)) });
  const app = fastify({
    logger: loggerOptions(options.logLevel ?? ctx.config.get().logLevel, ctx.logs),
    logController: new AccessLogController(),
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: 1024 * 1024, // uploads are streamed by @fastify/multipart; JSON bodies are small
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
  }).withTypeProvider<ZodTypeProvider>();
  // Without an explicit HOMECAM_LOG_LEVEL, editing logLevel in the config takes effect at once.
  if (options.logLevel === undefined) ctx.config.onChange((next) => void (app.log.level = next.logLevel));
  const runtime = createRuntime(ctx, app.log, options);
  try {
    await runtime.start();
    app.setValidatorCompiler(validatorCompiler).setSerializerCompiler(serializerCompiler);
    for (const register of PLUGINS) await register(app);
    installErrorHandler(app);
    await installHttpLimits(app, { ...options.httpLimits, behindProxy: !!options.trustProxy });
    installSecurityHeaders(app);
    installAccessControl(app, ctx.auth);
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header('x-request-id', request.id);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'same-origin');
      done(null, payload);
    });
    const context = runtime.context;
    await registerRoutes(app, context, options.live);
    // Sockets close first (before the runtime): they hold upgraded connections Fastify does not track.
    app.decorate('homecam', context).decorate('realtime', attachRealtime(app, context));
    app.addHook('preClose', () => ctx.auth.close());
    app.addHook('onClose', () => runtime.stop());
    await app.ready();
    return app as unknown as HomecamApp;
  } catch (error) {
    await app.close().catch(() => undefined);
    await runtime.stop();
    throw error;
  }
}
