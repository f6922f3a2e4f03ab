/**
 * RTSP authentication for the backchannel client: Basic, or Digest (RFC 2617, MD5, with or without qop=auth) as
 * nearly every IP camera asks. The credentials come from the camera's URL and go only into the Authorization
 * header, never into a log line or an error message.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface Credentials {
  user: string;
  password: string;
}

export interface Challenge {
  scheme: 'basic' | 'digest';
  params: Map<string, string>;
}

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

/** `Digest realm="x", nonce="y", qop="auth"` → its parameters (quoted or token values; bounded by the header limit). */
function parseParams(text: string): Map<string, string> {
  const params = new Map<string, string>();
  const pattern = /([a-z0-9_-]+)\s*=\s*(?:"([^"]*)"|([^\s,]*))/gi;
  for (const match of text.matchAll(pattern)) params.set(match[1]!.toLowerCase(), match[2] ?? match[3] ?? '');
  return params;
}

/** The strongest challenge of a 401's WWW-Authenticate headers we can answer (Digest MD5 over Basic), or null. */
export function pickChallenge(values: readonly string[]): Challenge | null {
  let basic: Challenge | null = null;
  for (const value of values) {
    const space = value.indexOf(' ');
    const scheme = (space < 0 ? value : value.slice(0, space)).toLowerCase();
    const params = parseParams(space < 0 ? '' : value.slice(space + 1));
    if (scheme === 'digest' && (params.get('algorithm') ?? 'MD5').toUpperCase() === 'MD5' && params.has('nonce')) return { scheme: 'digest', params };
    if (scheme === 'basic') basic = { scheme: 'basic', params };
  }
  return basic;
}

/** The Authorization header for one request. `nc` counts the requests answered with this nonce (qop=auth). */
export function authorization(challenge: Challenge, credentials: Credentials, method: string, uri: string, nc: number): string {
  if (challenge.scheme === 'basic') return `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`;
  const realm = challenge.params.get('realm') ?? '';
  const nonce = challenge.params.get('nonce') ?? '';
  const ha1 = md5(`${credentials.user}:${realm}:${credentials.password}`);
  const ha2 = md5(`${method}:${uri}`);
  const qop = challenge.params.get('qop')?.split(',').map((q) => q.trim()).includes('auth') ? 'auth' : null;
  const opaque = challenge.params.get('opaque');
  const quote = (value: string): string => value.replace(/["\\]/g, '');
  const fields = [`username="${quote(credentials.user)}"`, `realm="${quote(realm)}"`, `nonce="${quote(nonce)}"`, `uri="${uri}"`];
  if (qop) {
    const count = nc.toString(16).padStart(8, '0');
    const cnonce = randomBytes(8).toString('hex');
    fields.push(`qop=auth`, `nc=${count}`, `cnonce="${cnonce}"`, `response="${md5(`${ha1}:${nonce}:${count}:${cnonce}:auth:${ha2}`)}"`);
  } else fields.push(`response="${md5(`${ha1}:${nonce}:${ha2}`)}"`);
  if (opaque !== undefined) fields.push(`opaque="${quote(opaque)}"`);
  return `Digest ${fields.join(', ')}`;
}
