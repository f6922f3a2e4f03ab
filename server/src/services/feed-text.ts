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

/** Plain text of a piece of feed HTML, at most `maxLength` characters (cut at a word with an ellipsis). */
export function plainText(value: unknown, maxLength: number): string {
  if (typeof value !== 'string') return '';
  const text = decodeEntities(
    value
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<\/?[a-z][^>]*>/gi, ' '),
  )
    // A decoded "&lt;b&gt;" must not come back as markup either.
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
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
