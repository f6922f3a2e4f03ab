import type {} from '@fastify/websocket'; // request.ws
import type { AuthContext } from '../services/auth.service.js';
import type { AccessRule } from './access/access-rule.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; start-up fails for a route without one. */
    access?: AccessRule;
    /** Open while the caller still owes the first-start credential change. */
    allowDuringCredentialChange?: boolean;
    /** Open while the caller must still set up the second factor the system requires (issue 21). */
    allowDuringSecondFactorEnrolment?: boolean;
    /** The `homecam_session` cookie counts as a credential here (GET /files only: `<img src>` cannot send a header). */
    acceptSessionCookie?: boolean;
    /**
     * A WebSocket route whose handler authenticates after the upgrade (a first `auth` message, or the session
     * cookie) and enforces `access` itself with the same rule: browsers cannot send an Authorization header
     * on a WebSocket, and a token in the URL would end up in logs. Plain HTTP requests are checked as usual.
     */
    websocketAuth?: boolean;
    /**
     * Issue 21: an API token is refused here (SESSION_REQUIRED) whatever its scopes: every route that manages an
     * account's credentials or devices (tokens, sessions, passwords, second factors, accounts, web push) says so
     * itself; server/test/session-only.test.ts fails when a route of those folders or URLs forgets it.
     */
    sessionOnly?: boolean;
    /**
     * Issue 21: the route parameter that names a camera; the access hook answers 404 CAMERA_NOT_FOUND when the
     * caller may not see it. Routes under /api/cameras/:name get 'name' without declaring it.
     */
    cameraParam?: string | undefined;
    /** The OpenAPI UI's pages: their own CSP (security-headers.ts). */
    docsPage?: boolean;
  }

  interface FastifyRequest {
    /** The caller's session, set by the access hook on non-public routes. */
    auth: AuthContext | null;
  }
}
