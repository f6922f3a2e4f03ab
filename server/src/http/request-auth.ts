import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import type { Actor } from '../events/actor.js';
import type { AuthContext } from '../services/auth.service.js';
import { CameraScope } from '../services/camera-scope.js';

export const SESSION_COOKIE = 'homecam_session';

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** The credential of this request: the bearer header, else the session cookie where the route accepts it. */
export function requestToken(request: FastifyRequest): string | undefined {
  const bearer = bearerToken(request);
  if (bearer) return bearer;
  if (request.routeOptions.config.acceptSessionCookie) return request.cookies[SESSION_COOKIE] || undefined;
  return undefined;
}

/** The caller of a route whose access rule already required a session. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'sign-in required');
  return request.auth;
}

/** Issue 21: the cameras the caller of a signed-in route may see. */
export function cameraScopeOf(request: FastifyRequest): CameraScope {
  return CameraScope.of(requireAuth(request).user);
}

/** The caller as the audit trail names them: user name and client address. */
export function actorOf(request: FastifyRequest): Actor {
  return { user: requireAuth(request).user.username, address: request.ip || null };
}

export function clientInfo(request: FastifyRequest): { ip: string | null; userAgent: string | null } {
  return { ip: request.ip || null, userAgent: request.headers['user-agent'] ?? null };
}
