import { MASKED_SECRET, maskSourceCredentials } from '@homecam/shared';

/** `token=…`, `password=…` … outside URLs too (e.g. a query string or a form body quoted in a message). */
const SECRET_ASSIGNMENT = /\b(pass(?:word|wd)?|pwd|token|access_token|api_?key|key|secret)=[^&\s"'\\,;]+/gi;
/** An Authorization header value quoted in a message. */
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{4,}/g;
/** An API token (issue 21: `API_TOKEN_PREFIX` and base64url) quoted anywhere, e.g. pasted into a field that is logged. */
const API_TOKEN = /\bhct_[\w-]{16,}/g;
/**
 * Shorter configured secrets are not replaced verbatim: masking every "ab" would make the log unreadable, and
 * such a secret is guessable anyway. The patterns above still catch it inside URLs and assignments.
 */
const MIN_VERBATIM_LENGTH = 4;

/**
 * Masks secrets inside log text before it is written anywhere: passwords in URLs, secret-like assignments and
 * bearer tokens, and the current secret values of config.json wherever they occur. Works on a pino JSON line as
 * well as on plain text (the masks contain no character JSON would need to escape).
 */
export class Scrubber {
  private secrets: string[] = [];

  /** The secret values to mask verbatim; both the raw and the JSON-escaped form are searched. */
  setSecrets(values: readonly string[]): void {
    const forms = values.filter((value) => value.length >= MIN_VERBATIM_LENGTH).flatMap((value) => [value, JSON.stringify(value).slice(1, -1)]);
    // Longest first, so a secret that contains another one is masked whole.
    this.secrets = [...new Set(forms)].sort((a, b) => b.length - a.length);
  }

  scrub(text: string): string {
    let out = text;
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join(MASKED_SECRET);
    if (out.includes('://')) out = maskSourceCredentials(out);
    if (out.includes('=')) out = out.replace(SECRET_ASSIGNMENT, (_whole, key: string) => `${key}=${MASKED_SECRET}`);
    if (out.includes('Bearer') || out.includes('Basic')) out = out.replace(BEARER, (_whole, scheme: string) => `${scheme} ${MASKED_SECRET}`);
    if (out.includes('hct_')) out = out.replace(API_TOKEN, `hct_${MASKED_SECRET}`);
    return out;
  }
}
