import type { PathSegment } from './json-path-range';

type Frame =
  | { type: 'object'; key: string | null; expect: 'key' | 'colon' | 'value' | 'comma'; keys: string[] }
  | { type: 'array'; index: number; expect: 'value' | 'comma' };

export interface JsonContext {
  /** A key is being typed (or may start here), or a value. */
  kind: 'key' | 'value' | 'none';
  /** The object the key belongs to, or the value's own path. */
  path: PathSegment[];
  /** Where the typed word starts (its opening quote when inside a string). */
  from: number;
  /** Inside a string that opened at `from`. */
  inString: boolean;
  /** Keys already written before the cursor in that object. */
  siblings: string[];
}

/** The end of the string opening at `start` (index after its closing quote), or -1 when it runs to `limit`. */
function stringEnd(text: string, start: number, limit: number): number {
  for (let i = start + 1; i < limit; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return -1;
}

function valueDone(frame: Frame | undefined): void {
  if (frame) frame.expect = 'comma';
}

/** Applies one structural character to the stack. */
function step(stack: Frame[], char: string): void {
  const top = stack.at(-1);
  if (char === '{') stack.push({ type: 'object', key: null, expect: 'key', keys: [] });
  else if (char === '[') stack.push({ type: 'array', index: 0, expect: 'value' });
  else if (char === '}' || char === ']') {
    stack.pop();
    valueDone(stack.at(-1));
  } else if (char === ':' && top?.type === 'object') top.expect = 'value';
  else if (char === ',' && top?.type === 'object') Object.assign(top, { expect: 'key', key: null });
  else if (char === ',' && top?.type === 'array') Object.assign(top, { expect: 'value', index: top.index + 1 });
}

/** The path into the innermost container: each object's current key, each array's current index. */
function pathOf(stack: Frame[]): PathSegment[] {
  return stack.slice(0, -1).map((frame) => (frame.type === 'object' ? (frame.key ?? '') : frame.index));
}

function contextOf(stack: Frame[], from: number, inString: boolean): JsonContext {
  const top = stack.at(-1);
  const base = pathOf(stack);
  if (top?.type === 'object' && top.expect === 'key') return { kind: 'key', path: base, from, inString, siblings: top.keys };
  if (top?.type === 'object' && top.expect === 'value') {
    return { kind: 'value', path: [...base, top.key ?? ''], from, inString, siblings: [] };
  }
  if (top?.type === 'array' && top.expect === 'value') return { kind: 'value', path: [...base, top.index], from, inString, siblings: [] };
  return { kind: 'none', path: base, from, inString, siblings: [] };
}

/**
 * What the cursor at `pos` is typing in a JSON document that may be incomplete (`{"recordings": {"`): a scan of the
 * text before it, since a half-typed document has no useful syntax tree there.
 */
export function jsonContextAt(text: string, pos: number): JsonContext {
  const stack: Frame[] = [];
  let i = 0;
  while (i < pos) {
    const char = text[i] ?? '';
    if (char === '"') {
      const end = stringEnd(text, i, pos);
      if (end === -1) return contextOf(stack, i, true);
      const top = stack.at(-1);
      if (top?.type === 'object' && top.expect === 'key') {
        const raw = text.slice(i, end);
        let key = raw.slice(1, -1);
        try {
          key = String(JSON.parse(raw));
        } catch {
          // A broken escape: keep the raw text.
        }
        Object.assign(top, { key, expect: 'colon' });
        top.keys.push(key);
      } else valueDone(top);
      i = end;
    } else if (/[\w.+-]/.test(char)) {
      const start = i;
      while (i < pos && /[\w.+-]/.test(text[i] ?? '')) i++;
      if (i === pos) return contextOf(stack, start, false);
      valueDone(stack.at(-1));
    } else {
      step(stack, char);
      i++;
    }
  }
  return contextOf(stack, pos, false);
}
