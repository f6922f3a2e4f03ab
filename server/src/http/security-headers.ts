import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { DOCS_PREFIX } from './docs.js';

/** A Host header fit to be echoed into the CSP (name or [IPv6] and port); anything else is left out. */
const HOST = /^[a-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/i;

/**
 * The app's own WebSocket origin (live video, socket.io). CSP 'self' covers same-origin ws:/wss: in current
 * browsers; older WebKit did not, so the host is named explicitly as well.
 */
function ownSockets(request: IncomingMessage): string {
  const host = request.headers.host ?? '';
  return HOST.test(host) ? `ws://${host} wss://${host}` : '';
}

/**
 * The policy the built web app needs and nothing more: its own scripts and style sheets (Vite emits no inline
 * script or style; React's `style` props go through the CSSOM, which CSP does not block), MSE video from
 * `blob:` URLs, snapshots and photos from the same origin (plus data:/blob: previews), the service worker and
 * manifest from the same origin, no framing, no plugins. No `upgrade-insecure-requests`: HomeCam is served
 * over plain HTTP on home networks, where that would break every request.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", (request: IncomingMessage) => ownSockets(request)],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/**
 * Security headers on every answer (finding #13): the CSP above, X-Frame-Options DENY for browsers without
 * frame-ancestors, COOP same-origin, nosniff and Referrer-Policy same-origin as before. No HSTS: HTTPS is
 * a reverse proxy's choice on a home network, and HSTS from the app would outlive a change of mind.
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
  });
  // The OpenAPI UI (a library page, not the app) sets one inline style; its pages alone may.
  app.addHook('onRoute', (route) => {
    if (route.url !== DOCS_PREFIX && !route.url.startsWith(`${DOCS_PREFIX}/`)) return;
    const directives = { ...CSP_DIRECTIVES, 'style-src': ["'self'", "'unsafe-inline'"] };
    // Read per request by @fastify/helmet; its own onRoute (which would copy `route.helmet` here) ran before this one.
    Object.assign((route.config ??= {}), { helmet: { contentSecurityPolicy: { useDefaults: false, directives } } });
  });
}
