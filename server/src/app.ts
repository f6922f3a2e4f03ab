import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { PHOTO_MAX_BYTES } from '@homecam/shared';
import fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileURLToPath } from 'node:url';
import { fastifyTrustProxy, type TrustProxy } from './cli/options.js';
import { createContext, type AppContext, type ContextOptions } from './context/context.js';
import { installAccessControl } from './http/access/access-control.js';
import { AccessLogController } from './http/access-log.js';
import { registerDocs } from './http/docs.js';
import { installErrorHandler } from './http/error-handler.js';
import { installHttpLimits, type HttpLimitsOptions } from './http/limits.js';
import { lazyRequestLogger } from './http/request-logger.js';
import { installSecurityHeaders } from './http/security-headers.js';
import './http/fastify-types.js';
import { registerLiveWebSockets } from './http/upgrade-router.js';
import { webRoutes } from './http/web/web.routes.js';
import { createModules, type ModuleOptions, type Modules } from './modules.js';
import { RealtimeGateway } from './realtime/gateway.js';
import { Runtime } from './runtime/runtime.js';

export interface BuildAppOptions extends Omit<ContextOptions, 'webDir'>, ModuleOptions {
  /** HOMECAM_TRUST_PROXY: whose X-Forwarded-For gives the client address (default: nobody's). */
  trustProxy?: TrustProxy | undefined;
  /** The built web app (main.ts passes HOMECAM_WEB_DIR); default web/dist beside the server package. */
  webDir?: string | undefined;
  /** Time-outs, connections per address, JSON depth, 404 rate (tests shorten them). */
  httpLimits?: HttpLimitsOptions | undefined;
}

/** The app with what it is made of: the context's shared services and the modules' own parts (tests reach both). */
export type HomecamApp = FastifyInstance & { homecam: AppContext; modules: Modules; realtime: RealtimeGateway };

/** Fastify plugins, in order: cookies before the access hook reads them; uploads stream with their own limit. */
const PLUGINS: ((app: FastifyInstance) => PromiseLike<unknown>)[] = [
  (app) => app.register(fastifyCookie),
  (app) => app.register(fastifyMultipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10 } }),
  registerLiveWebSockets,
];

/** The modules over the context; when one cannot even be built, the context's database and log file close again. */
async function createRuntime(ctx: AppContext, options: ModuleOptions): Promise<{ runtime: Runtime; modules: Modules }> {
  try {
    const modules = createModules(ctx, options);
    return { runtime: new Runtime(modules.list, ctx.log), modules };
  } catch (error) {
    await ctx.database.close();
    await ctx.logs.close();
    throw error;
  }
}

/** Error handling, limits, security headers and the access rule of every route, before any route is registered. */
async function installHttp(app: FastifyInstance, ctx: AppContext, options: BuildAppOptions): Promise<void> {
  app.setValidatorCompiler(validatorCompiler).setSerializerCompiler(serializerCompiler);
  for (const register of PLUGINS) await register(app);
  installErrorHandler(app);
  await installHttpLimits(app, { ...options.httpLimits, behindProxy: !!options.trustProxy });
  installSecurityHeaders(app, { inlineScriptHashes: ctx.repositories.webAssets.inlineScriptHashes });
  installAccessControl(app, ctx.auth);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    done(null, payload);
  });
}

/** socket.io on the app's server, with each module's events; closed before Fastify's onClose (it does not track upgraded sockets). */
function attachRealtime(app: FastifyInstance, ctx: AppContext, runtime: Runtime): RealtimeGateway {
  const realtime = new RealtimeGateway(app.server, {
    auth: ctx.auth,
    notifications: ctx.notifications,
    bus: ctx.bus,
    clock: ctx.clock,
    log: app.log,
    cameraStatuses: () => ctx.streams.statuses(),
    logs: ctx.logs,
  });
  const disconnect = runtime.socket(realtime);
  app.addHook('preClose', (done) => {
    disconnect();
    realtime.close();
    done();
  });
  return realtime;
}

/** Builds the whole app without listening: tests use `inject()` or listen on port 0; main.ts listens. Rejects with a ConfigLoadError when config.json is unusable. */
export async function buildApp(options: BuildAppOptions): Promise<HomecamApp> {
  const ctx = await createContext({ ...options, webDir: options.webDir ?? fileURLToPath(new URL('../../web/dist/', import.meta.url)) });
  const app = fastify({
    loggerInstance: ctx.log,
    logController: new AccessLogController(),
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: 1024 * 1024, // uploads are streamed by @fastify/multipart; JSON bodies are small
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
  }).withTypeProvider<ZodTypeProvider>();
  const { runtime, modules } = await createRuntime(ctx, options);
  try {
    await runtime.start();
    await installHttp(app, ctx, options);
    // The OpenAPI document sees every route registered after it; the web app's catch-all comes last.
    await registerDocs(app);
    await runtime.routes(app);
    await app.register(webRoutes, { assets: ctx.repositories.webAssets });
    // Sockets close first (before the runtime): they hold upgraded connections Fastify does not track.
    app.decorate('homecam', ctx).decorate('modules', modules).decorate('realtime', attachRealtime(app, ctx, runtime));
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
