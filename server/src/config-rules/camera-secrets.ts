import {
  MASKED_SECRET,
  TEXT_FIELD_MAX_LENGTH,
  URL_QUERY_PARAM,
  capText,
  findUrls,
  joinUrlCredentials,
  maskSourceCredentials,
  replaceUrls,
  splitUrlCredentials,
} from '@homecam/shared';
import { AppError } from '../errors/app-error.js';

/**
 * Credentials in camera settings: masked for everyone but admins, and restored when a masked value comes back
 * in a PATCH (the editor saved the form without retyping the password).
 */

type Json = unknown;

/**
 * Every string in the camera (sources, but also plugin keys we do not know) with URL credentials masked. A string
 * longer than any write accepts (TEXT_FIELD_MAX_LENGTH: only a hand edit of config.json stores one) is cut first,
 * with a marker, so a non-admin's read costs no more than the longest value the API lets in (finding N2).
 */
export function maskCameraSecrets<T>(value: T): T {
  return deepMapStrings(value, (text) => maskSourceCredentials(capText(text, TEXT_FIELD_MAX_LENGTH))) as T;
}

function deepMapStrings(value: Json, map: (text: string) => string): Json {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => deepMapStrings(item, map));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, deepMapStrings(item, map)]));
  }
  return value;
}

/** Default ports, so `rtsp://cam/` and `rtsp://cam:554/` are the same place. */
const DEFAULT_PORTS: Record<string, string> = { rtsp: '554', rtsps: '322', rtmp: '1935', rtmps: '443', http: '80', https: '443' };

/**
 * Where a URL's secret goes: scheme, host and port (lower case, default port filled in). A stored secret may only
 * be sent again to the same place.
 */
function originOf(prefix: string, rest: string): string {
  const scheme = prefix.slice(0, -3).toLowerCase();
  const afterAt = rest.startsWith('@') ? rest.slice(1) : rest;
  const end = afterAt.search(/[/?#]/);
  const hostPort = (end < 0 ? afterAt : afterAt.slice(0, end)).toLowerCase();
  const withPort = /:\d+$/.test(hostPort) || !DEFAULT_PORTS[scheme] ? hostPort : `${hostPort}:${DEFAULT_PORTS[scheme]}`;
  return `${scheme}://${withPort}`;
}

/** The secrets of a stored text, each keyed by origin + user (or + query key): never by user name alone. */
function secretsOf(text: string): Map<string, string> {
  const secrets = new Map<string, string>();
  for (const { start, end } of findUrls(text)) {
    const { prefix, user, secret, rest } = splitUrlCredentials(text.slice(start, end));
    const origin = originOf(prefix, rest);
    if (secret !== null) secrets.set(`${origin} user ${user ?? ''}`, secret);
    for (const [, , key, value] of rest.matchAll(URL_QUERY_PARAM)) {
      if (key !== undefined && value !== undefined) secrets.set(`${origin} query ${key}`, value);
    }
  }
  return secrets;
}

function retypeRequired(): AppError {
  return new AppError(
    'SECRET_RETYPE_REQUIRED',
    'the password must be typed again: a masked password is only kept for the same scheme, host, port and user',
  );
}

/**
 * `incoming` with every masked secret replaced by the stored one it stands for: the whole value when it is the
 * stored value masked, else per URL, but only for a stored URL with the same scheme, host, port and user (same
 * query key for `?pwd=`). A mask that stands for nothing stored there is refused (SECRET_RETYPE_REQUIRED): a
 * camera editor who sees `rtsp://admin:********@cam` must not be able to send the stored password elsewhere.
 */
export function restoreMaskedText(incoming: string, stored: Json): string {
  if (!incoming.includes(MASKED_SECRET)) return incoming;
  if (typeof stored === 'string' && maskSourceCredentials(stored) === incoming) return stored;
  const secrets = typeof stored === 'string' ? secretsOf(stored) : new Map<string, string>();
  return replaceUrls(incoming, (url) => {
    const parts = splitUrlCredentials(url);
    const origin = originOf(parts.prefix, parts.rest);
    let secret = parts.secret;
    if (secret === MASKED_SECRET) {
      secret = secrets.get(`${origin} user ${parts.user ?? ''}`) ?? null;
      if (secret === null) throw retypeRequired();
    }
    const rest = parts.rest.replace(URL_QUERY_PARAM, (whole, sep: string, key: string, value: string) => {
      if (value !== MASKED_SECRET) return whole;
      const original = secrets.get(`${origin} query ${key}`);
      if (original === undefined) throw retypeRequired();
      return `${sep}${key}=${original}`;
    });
    return joinUrlCredentials({ ...parts, secret, rest });
  });
}

/** Restores masked secrets everywhere in a patch, against the stored value at the same path. */
export function restoreMaskedSecrets(patch: Json, stored: Json): Json {
  if (typeof patch === 'string') return restoreMaskedText(patch, stored);
  if (Array.isArray(patch)) return patch.map((item, index) => restoreMaskedSecrets(item, Array.isArray(stored) ? stored[index] : undefined));
  if (patch !== null && typeof patch === 'object') {
    const base = stored !== null && typeof stored === 'object' ? (stored as Record<string, Json>) : {};
    return Object.fromEntries(Object.entries(patch).map(([key, item]) => [key, restoreMaskedSecrets(item, base[key])]));
  }
  return patch;
}
