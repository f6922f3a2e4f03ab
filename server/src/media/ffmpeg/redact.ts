/**
 * Credentials must never reach a log line, a state reason or an error message. Every string that may hold a
 * camera URL (arguments, ffmpeg's stderr, error texts) goes through these before it leaves the media module.
 */
import { findUrls, replaceUrls } from '@homecam/shared';

const MASK = '***';
/** A URL inside ffmpeg's text ends at whitespace, a quote or an angle bracket (findUrls: linear on any text). */
const URL_STOPS = { angleBrackets: true } as const;
const SENSITIVE_QUERY_KEY = /^(?:user(?:name)?|usr|login|pass(?:word|wd)?|pwd|token|key|secret|auth|sig(?:nature)?|u|p)$/i;
const USER_QUERY_KEY = /^(?:user(?:name)?|usr|login|u)$/i;
/** Literal secrets shorter than this are only masked inside URLs (masking every "ab" would garble text). */
const MIN_LITERAL_SECRET = 3;

/**
 * Masks the user-info part of a URL and the values of credential-like query parameters.
 * `rtsp://admin:pa@ss@cam/live?user=a&password=b` → `rtsp://***:***@cam/live?user=***&password=***`.
 * Works on unparsable URLs too (unencoded `@` or `/` in passwords), so it never throws.
 */
export function redactUrl(url: string): string {
  const schemeEnd = url.indexOf('://');
  if (schemeEnd < 0) return url;
  const head = url.slice(0, schemeEnd + 3);
  let rest = url.slice(schemeEnd + 3);
  const queryStart = rest.search(/[?#]/);
  const beforeQuery = queryStart < 0 ? rest : rest.slice(0, queryStart);
  // The last '@' before the query ends the user info, even when the password itself holds '@' or '/'.
  const at = beforeQuery.lastIndexOf('@');
  if (at >= 0) {
    const userInfo = beforeQuery.slice(0, at);
    rest = `${userInfo.includes(':') ? `${MASK}:${MASK}` : MASK}${rest.slice(at)}`;
  }
  // A key holds no separator (`?` included): each attempt stops at the next one, linear on `????…`.
  return head + rest.replace(/([?&;])([^=&#;?]+)=[^&#;]*/g, (whole, sep: string, key: string) =>
    SENSITIVE_QUERY_KEY.test(key) ? `${sep}${key}=${MASK}` : whole,
  );
}

/** The credential strings a URL carries (raw and percent-decoded), to mask them wherever else they appear. */
export function secretsOf(url: string): string[] {
  const secrets = new Set<string>();
  const add = (value: string): void => {
    for (const candidate of [value, safeDecode(value)]) {
      if (candidate.length >= MIN_LITERAL_SECRET) secrets.add(candidate);
    }
  };
  for (const { start, end } of findUrls(url, URL_STOPS)) {
    const text = url.slice(start, end);
    const rest = text.slice(text.indexOf('://') + 3);
    const queryStart = rest.search(/[?#]/);
    const beforeQuery = queryStart < 0 ? rest : rest.slice(0, queryStart);
    const at = beforeQuery.lastIndexOf('@');
    if (at >= 0) {
      const userInfo = beforeQuery.slice(0, at);
      const colon = userInfo.indexOf(':');
      add(colon < 0 ? userInfo : userInfo.slice(colon + 1));
    }
    for (const [, key, value] of text.matchAll(/[?&;]([^=&#;?]+)=([^&#;]*)/g)) {
      if (key && value && SENSITIVE_QUERY_KEY.test(key) && !USER_QUERY_KEY.test(key)) add(value);
    }
  }
  return [...secrets];
}

/**
 * Redacts every URL inside free text (ffmpeg prints the full input URL in its errors) and every literal
 * secret given, e.g. the decoded password of the camera's source URL.
 */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let out = replaceUrls(text, redactUrl, URL_STOPS);
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length >= MIN_LITERAL_SECRET) out = out.split(secret).join(MASK);
  }
  return out;
}

/** An ffmpeg argument list made safe to log. */
export function redactArgs(args: readonly string[], secrets: readonly string[] = []): string[] {
  const all = [...secrets, ...args.flatMap((arg) => secretsOf(arg))];
  return args.map((arg) => redactText(arg, all));
}

/** A redactor bound to the secrets of one source, for everything logged about that stream. */
export function redactorFor(source: string): (text: string) => string {
  const secrets = secretsOf(source);
  return (text) => redactText(text, secrets);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
