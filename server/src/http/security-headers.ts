import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { DOCS_PREFIX } from './docs.js';

type Directives = Record<string, readonly (string | ((request: IncomingMessage) => string))[]>;

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
 * The policy the built web app needs and nothing more: its own scripts (and the page's first script, inline in
 * index.html, by its hash: see appDirectives) and style sheets (Vite emits no inline style; React's `style` props go through the CSSOM, which CSP does not block), MSE video from
 * `blob:` URLs, snapshots and photos from the same origin (plus data:/blob: previews), the service worker and
 * manifest from the same origin, no framing, no plugins. No `upgrade-insecure-requests`: HomeCam is served
 * over plain HTTP on home networks, where that would break every request.
 */
export const CSP_DIRECTIVES: Directives = {
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

/** The OpenAPI UI (a library page, not the app) sets one inline style; its pages alone may. */
const DOCS_DIRECTIVES: Directives = { ...CSP_DIRECTIVES, 'style-src': ["'self'", "'unsafe-inline'"] };

/**
 * The app's policy with the hashes of index.html's inline scripts (`'sha256-…'`, read from the built file at start:
 * web-assets.repository.ts): the page's first script runs inline, so a camera page opens its live socket while the
 * parser is still in <head>, and only that exact text may run inline.
 */
function appDirectives(inlineScriptHashes: readonly string[]): Directives {
  return { ...CSP_DIRECTIVES, 'script-src': [...(CSP_DIRECTIVES['script-src'] ?? []), ...inlineScriptHashes] };
}

/**
 * The rest of the headers, the same on every answer: those helmet (which HomeCam used before) sends with the
 * settings below, written out so nothing is computed per request. X-Frame-Options DENY for browsers without
 * frame-ancestors; COOP and CORP same-origin; X-XSS-Protection 0 (the old filter did more harm than good).
 */
export const STATIC_SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'same-origin'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'DENY'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

/**
 * The policy as one header value: every directive without a per-request part is joined once, here; per request
 * only the Host's sockets are filled in.
 */
function policyWriter(directives: Directives): (request: IncomingMessage) => string {
  const parts = Object.entries(directives).map(([name, sources]) =>
    sources.every((source) => typeof source === 'string')
      ? [name, ...sources].join(' ')
      : (request: IncomingMessage) => [name, ...sources.map((source) => (typeof source === 'string' ? source : source(request)))].filter((word) => word !== '').join(' '),
  );
  return (request) => parts.map((part) => (typeof part === 'string' ? part : part(request))).join(';');
}

const isDocsRoute = (url: string): boolean => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

/**
 * Security headers on every answer (finding #13): the CSP above and the static set. No HSTS: HTTPS is a reverse
 * proxy's choice on a home network, and HSTS from the app would outlive a change of mind. Set on the raw response
 * when the request comes in (as @fastify/helmet did), so even an answer a route writes itself carries them;
 * @fastify/helmet built the whole helmet middleware anew for every request, in two hooks (issue 16).
 */
export function installSecurityHeaders(app: FastifyInstance, options: { inlineScriptHashes?: readonly string[] } = {}): void {
  const appPolicy = policyWriter(appDirectives(options.inlineScriptHashes ?? []));
  const docsPolicy = policyWriter(DOCS_DIRECTIVES);
  app.addHook('onRoute', (route) => {
    if (isDocsRoute(route.url)) (route.config ??= {}).docsPage = true;
  });
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of STATIC_SECURITY_HEADERS) raw.setHeader(name, value);
    raw.setHeader('content-security-policy', (request.routeOptions.config.docsPage === true ? docsPolicy : appPolicy)(request.raw));
    done();
  });
}
