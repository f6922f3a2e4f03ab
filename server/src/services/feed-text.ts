/**
 * Feed texts become plain text: titles and summaries often carry HTML (escaped or in CDATA), and the widget shows
 * text only. Tags go (script/style with their content), entities are decoded, whitespace is collapsed, and the
 * result is cut to a length. The browser renders it as text, so nothing here has to be HTML-safe.
 */
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  euro: '€',
  copy: '©',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (match, entity: string) => {
    if (entity.startsWith('#')) {
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return NAMED[entity.toLowerCase()] ?? match;
  });
}

/** Where a comment, script or style block starts; its end is looked for from there on (never from each `<`). */
const BLOCK_START = /<!--|<(script|style)\b/gi;
const BLOCK_END: Record<string, RegExp> = { script: /<\/script\s*>/gi, style: /<\/style\s*>/gi };

/**
 * `html` without comments and script/style blocks, in one pass: each search starts where the last one ended, so
 * `<!--<!--<!--…` or `<script<script…` without an end cost linear time (a lazy `[\s\S]*?` from every start was
 * quadratic). A block without its end runs to the end of the text, as in a browser.
 */
function removeBlocks(html: string): string {
  const parts: string[] = [];
  let at = 0;
  for (;;) {
    BLOCK_START.lastIndex = at;
    const start = BLOCK_START.exec(html);
    if (!start) break;
    parts.push(html.slice(at, start.index), ' ');
    const from = start.index + start[0].length;
    let end: number;
    if (start[1] === undefined) {
      const close = html.indexOf('-->', from);
      end = close < 0 ? -1 : close + 3;
    } else {
      const pattern = BLOCK_END[start[1].toLowerCase()] as RegExp;
      pattern.lastIndex = from;
      const close = pattern.exec(html);
      end = close ? close.index + close[0].length : -1;
    }
    if (end < 0) return parts.join('');
    at = end;
  }
  parts.push(html.slice(at));
  return parts.join('');
}

/** A tag: its name, then anything but `<` and `>` (so an unclosed `<a<a<a…` is scanned once, not from every `<`). */
const TAG = /<\/?[a-z][^<>]*>/gi;
/** Feed fields are cut to this before any processing: the widget shows a few hundred characters of them. */
const FEED_TEXT_SCAN_MAX = 64 * 1024;

/** Plain text of a piece of feed HTML, at most `maxLength` characters (cut at a word with an ellipsis). */
export function plainText(value: unknown, maxLength: number): string {
  if (typeof value !== 'string') return '';
  const text = decodeEntities(removeBlocks(value.slice(0, FEED_TEXT_SCAN_MAX)).replace(TAG, ' '))
    // A decoded "&lt;b&gt;" must not come back as markup either.
    .replace(TAG, ' ')
    // Control characters (other than whitespace) have no place in a title.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\v\f\u000e-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > maxLength * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** An absolute http(s) link (resolved against the feed's URL), or null: other schemes (javascript:, data:) go. */
export function safeLink(value: unknown, base: string): string | null {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 2048) return null;
  try {
    const url = new URL(value.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username !== '' || url.password !== '') return null;
    return url.href;
  } catch {
    return null;
  }
}

/** ISO 8601 of an RFC 822 / RFC 3339 date, or null when unreadable. */
export function isoDate(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const time = Date.parse(value.trim());
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
