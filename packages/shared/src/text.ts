/**
 * Text from outside (log lines, camera strings, query strings, feed text) is handled in linear time and bounded in
 * length. The helpers here replace regular expressions that would backtrack or rescan on hostile input (finding
 * N1: `[a-z][a-z0-9+.-]*:\/\/` rescanned a run of letters from every position, quadratic in its length).
 */

/** A URL scheme (`rtsp`, `https`, `svn+ssh`) is looked for at most this many characters before its `://`. */
export const URL_SCHEME_MAX_LENGTH = 32;

/**
 * The longest text value written to config.json through the API (a camera field, an unknown key's value), and the
 * longest string the server masks for a non-admin answer: longer stored values (a hand edit) are shown truncated.
 */
export const TEXT_FIELD_MAX_LENGTH = 4096;
/** The longest object key written to config.json through the API. */
export const TEXT_KEY_MAX_LENGTH = 256;

const isLetter = (code: number): boolean => (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;
/** `[a-z0-9+.-]`, case-insensitive: RFC 3986's scheme characters. */
const isSchemeChar = (code: number): boolean => isLetter(code) || isDigit(code) || code === 0x2b || code === 0x2e || code === 0x2d;

/** JavaScript's `\s`: the characters a regular expression's `\s` matches. */
export function isWhitespace(code: number): boolean {
  if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) return true;
  if (code < 0xa0) return false;
  return (
    code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 ||
    code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff
  );
}

/** Where a URL inside text ends: at whitespace or a quote (and, when asked, at `<` / `>`). */
export interface UrlStops {
  angleBrackets?: boolean;
}

function stopsUrl(code: number, stops: UrlStops): boolean {
  if (code === 0x22 || code === 0x27 || isWhitespace(code)) return true;
  return stops.angleBrackets === true && (code === 0x3c || code === 0x3e);
}

/** One URL found in text: `text.slice(start, end)`. */
export interface UrlSpan {
  start: number;
  end: number;
}

/**
 * Every URL inside free text, left to right, as the pattern `[a-z][a-z0-9+.-]{0,31}:\/\/[^\s'"]+` (case-insensitive)
 * would find them, in linear time: each `://` is found by `indexOf`, its scheme is looked for at most
 * URL_SCHEME_MAX_LENGTH characters back, and the URL runs to the next whitespace or quote. No character is scanned
 * more than a bounded number of times, whatever the text.
 */
export function findUrls(text: string, stops: UrlStops = {}): UrlSpan[] {
  const spans: UrlSpan[] = [];
  let floor = 0;
  for (let sep = text.indexOf('://'); sep >= 0; sep = text.indexOf('://', sep + 1)) {
    if (sep < floor) continue;
    let start = sep;
    const lowest = Math.max(floor, sep - URL_SCHEME_MAX_LENGTH);
    while (start > lowest && isSchemeChar(text.charCodeAt(start - 1))) start--;
    while (start < sep && !isLetter(text.charCodeAt(start))) start++;
    if (start === sep) continue;
    let end = sep + 3;
    while (end < text.length && !stopsUrl(text.charCodeAt(end), stops)) end++;
    if (end === sep + 3) continue;
    spans.push({ start, end });
    floor = end;
    sep = end - 1;
  }
  return spans;
}

/** `text` with every URL (see findUrls) replaced by `replace(url)`; linear in the length of the text. */
export function replaceUrls(text: string, replace: (url: string) => string, stops: UrlStops = {}): string {
  const spans = findUrls(text, stops);
  if (spans.length === 0) return text;
  const parts: string[] = [];
  let copied = 0;
  for (const { start, end } of spans) {
    parts.push(text.slice(copied, start), replace(text.slice(start, end)));
    copied = end;
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

/** The marker that ends a truncated text: how many characters were cut. */
export function truncationMarker(cut: number): string {
  return `…[truncated ${cut} characters]`;
}

/**
 * `text` cut to at most `max` characters (plus the marker) before it is scrubbed or masked. The cut goes back to
 * the last whitespace or quote before `max`, so no URL or secret is left half there (a half URL would no longer
 * look like one, and its half password would not be masked); a text without such a break keeps nothing but the
 * marker. Texts within `max` are returned as they are.
 */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  let keep = max;
  while (keep > 0 && !stopsUrl(text.charCodeAt(keep - 1), { angleBrackets: true })) keep--;
  return text.slice(0, keep) + truncationMarker(text.length - keep);
}

/** `text` without `char` at either end (for runs of `_` or `/`, which `^_+|_+$` would rescan quadratically). */
export function trimChar(text: string, char: string): string {
  return trimCharEnd(trimCharStart(text, char), char);
}

export function trimCharStart(text: string, char: string): string {
  let start = 0;
  while (start < text.length && text[start] === char) start++;
  return text.slice(start);
}

export function trimCharEnd(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end--;
  return text.slice(0, end);
}

/**
 * Characters a display name (camera, room, bridge, place) must not hold: control characters (C0, DEL, C1: NUL
 * included), line and paragraph separators, bidi embeddings/overrides (U+202A–U+202E) and isolates (U+2066–U+2069),
 * which make `\u202Egnp.exe` read as `exe.png`, and lone surrogates, which are not text at all.
 */
const FORBIDDEN_IN_NAME = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\p{Cs}]/u;

export function hasForbiddenNameCharacters(name: string): boolean {
  return FORBIDDEN_IN_NAME.test(name);
}
