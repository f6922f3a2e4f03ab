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

/**
 * `realm="x", nonce="y", qop="auth"` → its parameters (quoted or token values). One pass over the text (no
 * regular expression that could backtrack); the header is already bounded by the reader's 16 KiB.
 */
function parseParams(text: string): Map<string, string> {
  const params = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    while (i < text.length && (text[i] === ' ' || text[i] === ',')) i += 1;
    const eq = text.indexOf('=', i);
    if (eq < 0) break;
    const name = text.slice(i, eq).trim().toLowerCase();
    i = eq + 1;
    while (text[i] === ' ') i += 1;
    let value: string;
    if (text[i] === '"') {
      const close = text.indexOf('"', i + 1);
      const end = close < 0 ? text.length : close;
      value = text.slice(i + 1, end);
      i = end + 1;
    } else {
      const comma = text.indexOf(',', i);
      const end = comma < 0 ? text.length : comma;
      value = text.slice(i, end).trim();
      i = end;
    }
    if (name) params.set(name, value);
  }
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
