import type { IncomingMessage } from 'node:http';

/**
 * Same origin only: a browser page from another site must not ride on a user's token or cookie (WebSockets
 * are not covered by CORS). Requests without an Origin header are not from a browser page (CLI tools, tests)
 * and carry their credential explicitly.
 */
export function isSameOrigin(request: Pick<IncomingMessage, 'headers'>): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
