import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The webhook signature (docs/webhook.md): `sha256=` + hex HMAC-SHA256 over `<timestamp>.<body>` with the
 * per-install secret. The timestamp is signed too so a receiver can refuse old (replayed) requests.
 */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The receiver's check, as documented (used by the tests' receiver). */
export function verifyWebhook(secret: string, timestamp: string, body: string, signature: string): boolean {
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
