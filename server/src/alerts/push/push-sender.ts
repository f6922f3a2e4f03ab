import webpush from 'web-push';
import type { VapidKeyPair } from '../../security/vapid-keys.js';
import { resolvesPublic, type ResolveHost } from '../../security/public-address.js';

/** Where a push goes: the browser's subscription (endpoint and RFC 8291 keys). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushMessage {
  /** The JSON the service worker shows (pushPayloadSchema). */
  payload: string;
  /** How long the push service keeps it for an offline device. */
  ttlSeconds: number;
  urgency: 'normal' | 'high';
}

/**
 * What happened: `delivered` (2xx), `gone` (404/410: the browser dropped the subscription; forget it), or
 * `failed` with the status (or null when no answer came: network error, time-out). `problem` is safe to log: it
 * never holds the endpoint's path or the keys.
 */
export type PushResult = { outcome: 'delivered' } | { outcome: 'gone'; status: number } | { outcome: 'failed'; status: number | null; problem: string };

export interface PushSenderOptions {
  /** The VAPID `sub` claim: a mailto: or https: contact for the push service operator. */
  subject: string;
  /** Per request; a push service that does not answer in time counts as failed. */
  timeoutMs: number;
  /** Send to hosts that resolve to internal addresses (tests with a loopback push service only). */
  allowInternalHosts?: boolean | undefined;
  /** DNS, replaceable in tests. */
  resolve?: ResolveHost | undefined;
}

export type SendPush = (target: PushTarget, message: PushMessage, keys: VapidKeyPair, signal?: AbortSignal) => Promise<PushResult>;

/** The origin of an endpoint, the only part of it that may be logged (its path identifies the browser). */
export function endpointOrigin(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * Sends one push (RFC 8030) with the payload encrypted as aes128gcm (RFC 8291) and a VAPID JWT (RFC 8292).
 * web-push does the cryptography; the request is ours (fetch) so it follows the endpoint's own scheme, has a
 * hard time-out and can be cancelled when the server stops. Redirects are not followed: a push service answers.
 */
export function createPushSender(options: PushSenderOptions): SendPush {
  return async (target, message, keys, signal) => {
    let request: webpush.RequestDetails;
    try {
      request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        message.payload,
        {
          vapidDetails: { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: message.ttlSeconds,
          urgency: message.urgency,
          contentEncoding: 'aes128gcm',
        },
      );
    } catch (error) {
      // web-push's messages name the problem (bad key length, bad subject), never the key material.
      return { outcome: 'failed', status: null, problem: `not encrypted: ${error instanceof Error ? error.message : String(error)}` };
    }
    const timeout = AbortSignal.timeout(options.timeoutMs);
    try {
      // Resolved at send time too: a public name stored at subscribe time may point inside by now.
      if (!options.allowInternalHosts && !(await resolvesPublic(new URL(request.endpoint).hostname, options.resolve))) {
        return { outcome: 'failed', status: null, problem: 'the endpoint host resolves to an internal address' };
      }
      const response = await fetch(request.endpoint, {
        method: 'POST',
        headers: fetchHeaders(request.headers),
        body: request.body,
        redirect: 'manual',
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      // The body is of no use (and may echo the endpoint): drain it so the connection can be reused.
      await response.body?.cancel().catch(() => undefined);
      if (response.status >= 200 && response.status < 300) return { outcome: 'delivered' };
      if (response.status === 404 || response.status === 410) return { outcome: 'gone', status: response.status };
      return { outcome: 'failed', status: response.status, problem: `push service answered ${response.status}` };
    } catch (error) {
      return { outcome: 'failed', status: null, problem: describeNetworkError(error) };
    }
  };
}

/** web-push's headers as fetch takes them: strings, and no Content-Length (fetch sets it from the body). */
function fetchHeaders(headers: webpush.Headers): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
}

/** fetch's errors: the name and the cause's code (ECONNREFUSED, TimeoutError …), nothing that may carry the URL. */
function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return 'request failed';
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return error.name;
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? `request failed: ${cause.code}` : 'request failed';
}
