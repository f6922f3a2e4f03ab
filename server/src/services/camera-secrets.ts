import {
  MASKED_SECRET,
  URL_IN_TEXT,
  URL_QUERY_PARAM,
  joinUrlCredentials,
  maskSourceCredentials,
  splitUrlCredentials,
} from '@homecam/shared';

/**
 * Credentials in camera settings: masked for everyone but admins, and restored when a masked value comes back
 * in a PATCH (the editor saved the form without retyping the password).
 */

type Json = unknown;

/** Every string in the camera (sources, but also plugin keys we do not know) with URL credentials masked. */
export function maskCameraSecrets<T>(value: T): T {
  return deepMapStrings(value, maskSourceCredentials) as T;
}

function deepMapStrings(value: Json, map: (text: string) => string): Json {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => deepMapStrings(item, map));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, deepMapStrings(item, map)]));
  }
  return value;
}

interface UrlSecrets {
  /** user → password of `scheme://user:password@host`. */
  passwords: Map<string, string>;
  /** user info without a colon (a token), masked whole. */
  tokens: string[];
  /** query key → value. */
  query: Map<string, string>;
}

function secretsOf(text: string): UrlSecrets {
  const secrets: UrlSecrets = { passwords: new Map(), tokens: [], query: new Map() };
  for (const [url] of text.matchAll(URL_IN_TEXT)) {
    const { user, secret, rest } = splitUrlCredentials(url);
    if (secret !== null) {
      if (user === null) secrets.tokens.push(secret);
      else secrets.passwords.set(user, secret);
    }
    for (const [, , key, value] of rest.matchAll(URL_QUERY_PARAM)) {
      if (key !== undefined && value !== undefined) secrets.query.set(key, value);
    }
  }
  return secrets;
}

/**
 * `incoming` with every masked secret replaced by the stored one it stands for: the whole value when it is the
 * stored value masked, else per URL (same user name → its password, same query key → its value). A mask with
 * nothing to restore stays as sent.
 */
export function restoreMaskedText(incoming: string, stored: Json): string {
  if (!incoming.includes(MASKED_SECRET) || typeof stored !== 'string') return incoming;
  if (maskSourceCredentials(stored) === incoming) return stored;
  const secrets = secretsOf(stored);
  return incoming.replace(URL_IN_TEXT, (url) => {
    const parts = splitUrlCredentials(url);
    let secret = parts.secret;
    if (secret === MASKED_SECRET) {
      secret = (parts.user === null ? secrets.tokens[0] : secrets.passwords.get(parts.user)) ?? secret;
    }
    const rest = parts.rest.replace(URL_QUERY_PARAM, (whole, sep: string, key: string, value: string) => {
      const original = secrets.query.get(key);
      return value === MASKED_SECRET && original !== undefined ? `${sep}${key}=${original}` : whole;
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
