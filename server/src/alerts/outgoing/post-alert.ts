import { APP_VERSION } from '@homecam/shared';
import { Agent, fetch as undiciFetch } from 'undici';
import type { Clock } from '../../lib/clock.js';
import { TransientAlertError } from '../channel.js';

/** undici's fetch (its `dispatcher` option chooses the TLS policy); tests may pass their own. */
export type AlertFetch = typeof undiciFetch;

/** Per-attempt limit when the pipeline's signal allows longer. */
export const ALERT_POST_TIMEOUT_MS = 10_000;
export const ALERT_USER_AGENT = `HomeCam/${APP_VERSION}`;

/** TLS is verified always; only hosts an admin listed skip it (self-signed home servers). */
const verified = new Agent({ connect: { rejectUnauthorized: true } });
const unverified = new Agent({ connect: { rejectUnauthorized: false } });

const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|TLS|SSL|ALTNAME/i;

export interface AlertPost {
  url: URL;
  body: string;
  headers: Record<string, string>;
  /** Hostnames whose certificate is not checked (lower-case, no port). */
  insecureHosts: readonly string[];
  signal: AbortSignal;
  clock: Clock;
  fetchImpl?: AlertFetch | undefined;
  timeoutMs?: number | undefined;
}

/** What may be shown and logged of an outgoing URL: the origin, never path or query (they may carry a token). */
export function originOf(url: URL): string {
  return url.origin;
}

function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
}

/** Entries are compared loosely: config.json may be edited by hand (case, spaces, [::1]). */
export function isInsecureHost(url: URL, insecureHosts: readonly string[]): boolean {
  const host = hostOf(url);
  return url.protocol === 'https:' && insecureHosts.some((entry) => entry.trim().toLowerCase().replace(/^\[|\]$/g, '') === host);
}

/** Retry-After in seconds or as an HTTP date → milliseconds to wait (capped at an hour); undefined when absent. */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), 3_600_000) : undefined;
}

function errorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return error instanceof Error ? error.name : 'unknown';
}

/** A failure to connect or talk: TLS problems are final (retrying does not fix a certificate), the rest transient. */
function networkFailure(error: unknown, url: URL, timedOut: boolean): Error {
  const origin = originOf(url);
  if (timedOut) return new TransientAlertError(`time-out waiting for ${origin}`);
  const code = errorCode(error);
  if (TLS_CODES.test(code)) {
    return new Error(`TLS certificate of ${origin} not accepted (${code}); if it is your own self-signed server, add ${hostOf(url)} to the insecure hosts`);
  }
  return new TransientAlertError(`cannot reach ${origin} (${code})`);
}

/**
 * One POST of an alert. Resolves with the status on 2xx; 5xx/429/network/time-out → TransientAlertError (with the
 * server's Retry-After), other statuses (4xx, 3xx: redirects are not followed) → a final Error. Messages name the
 * origin only.
 */
export async function postAlert(post: AlertPost): Promise<number> {
  const timeout = AbortSignal.timeout(post.timeoutMs ?? ALERT_POST_TIMEOUT_MS);
  const signal = AbortSignal.any([post.signal, timeout]);
  const dispatcher = isInsecureHost(post.url, post.insecureHosts) ? unverified : verified;
  let response: Awaited<ReturnType<AlertFetch>>;
  try {
    response = await (post.fetchImpl ?? undiciFetch)(post.url, {
      method: 'POST',
      body: post.body,
      headers: { 'Content-Type': 'application/json', 'User-Agent': ALERT_USER_AGENT, ...post.headers },
      redirect: 'manual',
      signal,
      dispatcher,
    });
  } catch (error) {
    throw networkFailure(error, post.url, signal.aborted);
  }
  // The answer's body is not used; drop it so the connection can be reused.
  await response.body?.cancel().catch(() => undefined);
  const origin = originOf(post.url);
  if (response.status >= 200 && response.status < 300) return response.status;
  if (response.status === 429 || response.status >= 500) {
    throw new TransientAlertError(`HTTP ${response.status} from ${origin}`, retryAfterMs(response.headers.get('retry-after'), post.clock.now()));
  }
  throw new Error(`HTTP ${response.status} from ${origin}`);
}
