import { capText } from '@homecam/shared';

/**
 * The most of one log record that is scrubbed, kept and written: a string field (the request URL, the Host header, a
 * message) is cut to LOG_FIELD_MAX_LENGTH characters and the whole line to LOG_LINE_MAX_LENGTH, each with a
 * `…[truncated N characters]` marker, before the scrubber sees it. A client that sends a huge URL then costs the
 * log no more than a long ordinary line (finding N1), and a line stays small enough for the ring and the console.
 */
export const LOG_FIELD_MAX_LENGTH = 8 * 1024;
export const LOG_LINE_MAX_LENGTH = 64 * 1024;

/** Cuts every string of a parsed record (keys too) that is longer than the field cap; iterative, depth-safe. */
function capStrings(root: unknown): unknown {
  const cap = (value: unknown): unknown => (typeof value === 'string' ? capText(value, LOG_FIELD_MAX_LENGTH) : value);
  const top = cap(root);
  const stack: unknown[] = [top];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (item === null || typeof item !== 'object') continue;
    if (Array.isArray(item)) {
      item.forEach((value, index) => {
        item[index] = cap(value);
        stack.push(item[index]);
      });
      continue;
    }
    const record = item as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      const capped = cap(value);
      const cappedKey = capText(key, LOG_FIELD_MAX_LENGTH);
      if (cappedKey !== key) delete record[key];
      // defineProperty: a key named `__proto__` (JSON.parse makes it an own key) must stay a key.
      if (capped !== value || cappedKey !== key) Object.defineProperty(record, cappedKey, { value: capped, enumerable: true, writable: true, configurable: true });
      stack.push(capped);
    }
  }
  return top;
}

/**
 * `line` (one pino JSON line, or plain text) within the caps. A JSON line keeps its shape: only its long strings are
 * cut. A line that is still too long, or not JSON, is cut as text (and is then shown as a plain message).
 */
export function capLogLine(line: string): string {
  if (line.length <= LOG_FIELD_MAX_LENGTH) return line;
  let text = line;
  try {
    text = `${JSON.stringify(capStrings(JSON.parse(line)))}\n`;
  } catch {
    // Not JSON: cut as text below.
  }
  return text.length <= LOG_LINE_MAX_LENGTH ? text : `${capText(text, LOG_LINE_MAX_LENGTH)}\n`;
}
