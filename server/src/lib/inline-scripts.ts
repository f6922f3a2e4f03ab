import { createHash } from 'node:crypto';

/** Types of a <script> the browser runs (a data block such as `application/json` is not run and needs no hash). */
const RUN_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

const typeOf = (attributes: string): string => (/\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '').toLowerCase();

/**
 * The CSP hash sources (`'sha256-…'`) of the inline scripts a page runs: the built index.html carries the page's
 * first script inline (web/vite.config.ts), and `script-src 'self'` alone would refuse it. Read from the built file
 * itself, so the policy always allows exactly what the page contains, nothing else. A plain scan (no backtracking):
 * each `<script` opening, its `>` and the next `</script`.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  const lower = html.toLowerCase();
  let from = 0;
  for (;;) {
    const open = lower.indexOf('<script', from);
    if (open < 0) break;
    const tagEnd = lower.indexOf('>', open);
    const close = tagEnd < 0 ? -1 : lower.indexOf('</script', tagEnd);
    if (close < 0) break;
    const attributes = html.slice(open + '<script'.length, tagEnd);
    const content = html.slice(tagEnd + 1, close);
    if (!/\bsrc\s*=/i.test(attributes) && RUN_TYPES.has(typeOf(attributes)) && content.trim() !== '') {
      hashes.push(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
    }
    from = close + '</script'.length;
  }
  return hashes;
}
