import type { AuthContext } from '../services/auth.service.js';
import type { AccessRule } from './access/access-rule.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; start-up fails for a route without one. */
    access?: AccessRule;
    /** Open while the caller still owes the first-start credential change. */
    allowDuringCredentialChange?: boolean;
    /** The `homecam_session` cookie counts as a credential here (GET /files only: `<img src>` cannot send a header). */
    acceptSessionCookie?: boolean;
  }

  interface FastifyRequest {
    /** The caller's session, set by the access hook on non-public routes. */
    auth: AuthContext | null;
  }
}
