import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Requests per minute and address the trigger port answers by default: far above any camera's rate. */
export const TRIGGER_RATE_PER_MINUTE = 300;

/** Addresses remembered at most; a flood of spoofed-looking sources cannot grow the map without bound. */
const MAX_TRACKED = 10_000;

/** A fixed-window counter per address, for a plain node:http server (no Fastify on the trigger port). */
export class AddressRateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly perWindow: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; `retryAfterSeconds` is set when it is over the limit. */
  hit(address: string): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const now = this.now();
    let window = this.windows.get(address);
    if (!window || window.resetAt <= now) {
      if (!window && this.windows.size >= MAX_TRACKED) this.prune(now);
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(address, window);
    }
    window.count += 1;
    if (window.count <= this.perWindow) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
  }

  private prune(now: number): void {
    for (const [address, window] of this.windows) if (window.resetAt <= now) this.windows.delete(address);
    // Still full: forget the oldest (Map keeps insertion order) rather than refuse to count.
    if (this.windows.size >= MAX_TRACKED) {
      const oldest = this.windows.keys().next();
      if (!oldest.done) this.windows.delete(oldest.value);
    }
  }
}

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** Constant-time comparison: both sides hashed first, so neither content nor length leaks through timing. */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Splits a `token=` parameter off a trigger query. camera.ui reads the whole query string as the camera name,
 * so the token is one more `&`-separated part, first or last: `/motion?Front%20Door&token=…`.
 */
export function splitToken(query: string): { camera: string; token: string | undefined } {
  let token: string | undefined;
  const rest = query.split('&').filter((part) => {
    if (!part.startsWith('token=')) return true;
    token = part.slice('token='.length);
    return false;
  });
  return { camera: rest.join('&'), token };
}

/** The token of a request: `Authorization: Bearer …` or the query's `token=` (URL-decoded). */
export function requestToken(request: IncomingMessage, queryToken: string | undefined): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (match?.[1]) return match[1];
  if (queryToken === undefined) return undefined;
  try {
    return decodeURIComponent(queryToken.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}
