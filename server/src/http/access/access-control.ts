import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AuthContext, AuthService } from '../../services/auth.service.js';
import { CameraScope } from '../../services/camera-scope.js';
import { AppError } from '../../errors/app-error.js';
import { logPermissionRefused } from '../error-handler.js';
import { clientInfo, requestToken } from '../request-auth.js';
import { accessDenial, describeAccessRule, type AccessRule } from './access-rule.js';

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: AccessRule;
  allowDuringCredentialChange: boolean;
  /** Issue 21: API tokens are refused; the route says so itself with `config.sessionOnly: true`. */
  sessionOnly: boolean;
  /** Registered by a library (docs UI) and made public by the whitelist below, not by its own declaration. */
  internal: boolean;
  /** Issue 21: the parameter naming a camera the caller must be allowed to see (else 404), if any. */
  cameraParam: string | undefined;
}

/**
 * Library routes we cannot annotate: the OpenAPI UI and its assets. They are public by nature and are
 * explicitly whitelisted here; every other route must declare `config.access` or start-up fails.
 */
const INTERNAL_PUBLIC_PREFIXES = ['/api/docs'];

function isWhitelisted(url: string): boolean {
  return INTERNAL_PUBLIC_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

export class MissingAccessRuleError extends Error {
  override readonly name = 'MissingAccessRuleError';
}

const registries = new WeakMap<object, RouteAccessEntry[]>();

/** Every route of the app with its access rule, for the access tests and the docs. */
export function listRouteAccess(app: FastifyInstance): RouteAccessEntry[] {
  const registry = registries.get(app);
  if (!registry) throw new Error('access control is not installed on this app');
  return [...registry];
}

/**
 * Every route under /api/cameras/:name names a camera in `name` without having to say so, so a new camera route
 * cannot forget the per-user camera list; other shapes declare `config.cameraParam`.
 */
function cameraParamOf(url: string, declared: string | undefined): string | undefined {
  return declared ?? (url === '/api/cameras/:name' || url.startsWith('/api/cameras/:name/') ? 'name' : undefined);
}

/** Issue 21: a camera outside the caller's list is answered like one that does not exist (never 403: no name is confirmed). */
function assertCameraInScope(request: FastifyRequest, context: AuthContext): void {
  const param = request.routeOptions.config.cameraParam;
  if (param === undefined) return;
  const value = (request.params as Record<string, unknown> | undefined)?.[param];
  if (typeof value !== 'string' || !CameraScope.of(context.user).allows(value)) throw new AppError('CAMERA_NOT_FOUND', 'camera not found');
}

function targetUserId(request: FastifyRequest): string | undefined {
  const params = request.params as Record<string, unknown> | undefined;
  const id = params?.id;
  return typeof id === 'string' ? id : undefined;
}

/**
 * Installs the access rules on the root instance: an onRoute hook that refuses undeclared routes and one
 * onRequest hook that enforces the rule. onRequest (not preHandler) so an anonymous or forbidden caller is
 * turned away before its body is parsed or validated: a 401/403 never depends on what was sent.
 */
export function installAccessControl(app: FastifyInstance, auth: AuthService): void {
  const registry: RouteAccessEntry[] = [];
  registries.set(app, registry);

  app.addHook('onRoute', (route: RouteOptions) => {
    const config = (route.config ??= {});
    const internal = config.access === undefined && isWhitelisted(route.url);
    if (internal) config.access = 'public';
    if (config.access === undefined) {
      throw new MissingAccessRuleError(`route ${String(route.method)} ${route.url} declares no config.access`);
    }
    config.cameraParam = cameraParamOf(route.url, config.cameraParam);
    const methods = [route.method].flat();
    for (const method of methods) {
      registry.push({
        method,
        url: route.url,
        access: config.access,
        allowDuringCredentialChange: config.allowDuringCredentialChange === true,
        sessionOnly: config.sessionOnly === true,
        internal,
        cameraParam: config.cameraParam,
      });
    }
  });

  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const { access, allowDuringCredentialChange, allowDuringSecondFactorEnrolment, websocketAuth, sessionOnly } = request.routeOptions.config;
    // No route matched (404 handler): nothing to protect, the not-found answer follows.
    if (access === undefined || access === 'public') return;
    // A real upgrade (set by @fastify/websocket from the raw socket, not from a header): the handler checks.
    if (websocketAuth === true && request.ws === true) return;
    const context = await auth.authenticate(requestToken(request), clientInfo(request));
    const denial = accessDenial({
      rule: access,
      auth: context,
      targetUserId: targetUserId(request),
      allowDuringCredentialChange: allowDuringCredentialChange === true,
      allowDuringSecondFactorEnrolment: allowDuringSecondFactorEnrolment === true,
      sessionOnly: sessionOnly === true,
    });
    if (denial === 'CREDENTIALS_CHANGE_REQUIRED') {
      throw new AppError(denial, 'change the first-start username and password first');
    }
    if (denial === 'SECOND_FACTOR_ENROLMENT_REQUIRED') throw new AppError(denial, 'set up a second factor first');
    if (denial === 'SESSION_REQUIRED') throw new AppError(denial, 'an API token cannot do this: sign in');
    if (denial) {
      logPermissionRefused(request, context.user.username);
      throw new AppError(denial, 'no access permission', { access: describeAccessRule(access) });
    }
    assertCameraInScope(request, context);
    request.auth = context;
  });
}
