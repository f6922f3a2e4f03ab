import { jsonLanguage } from '@codemirror/lang-json';
import type { SyntaxNode, Tree } from '@lezer/common';

/** A key of an object or an index of an array; indexes may come as digit strings (a dotted server path). */
export type PathSegment = string | number;

export interface TextRange {
  from: number;
  to: number;
}

const PUNCTUATION = new Set(['{', '}', '[', ']', ',', ':']);

/** The value nodes of an Array node (no brackets, commas or error nodes). */
function arrayItems(array: SyntaxNode): SyntaxNode[] {
  const items: SyntaxNode[] = [];
  for (let child = array.firstChild; child; child = child.nextSibling) {
    if (!PUNCTUATION.has(child.name) && !child.type.isError) items.push(child);
  }
  return items;
}

/** The decoded name of a PropertyName node (a JSON string); a broken escape falls back to the raw text. */
function propertyKey(text: string, name: SyntaxNode): string {
  const raw = text.slice(name.from, name.to);
  try {
    return String(JSON.parse(raw));
  } catch {
    return raw.replace(/^"|"$/g, '');
  }
}

/** The Property of an Object node with that key (the last one wins, as in JSON.parse). */
function findProperty(text: string, object: SyntaxNode, key: string): SyntaxNode | null {
  let found: SyntaxNode | null = null;
  for (let child = object.firstChild; child; child = child.nextSibling) {
    const name = child.name === 'Property' ? child.getChild('PropertyName') : null;
    if (name && propertyKey(text, name) === key) found = child;
  }
  return found;
}

const span = (node: SyntaxNode): TextRange => ({ from: node.from, to: Math.max(node.to, node.from + 1) });

/** Where a value points: a scalar itself; an object or array by its key when it has one (one line, not the block). */
function valueRange(value: SyntaxNode, key: SyntaxNode | null): TextRange {
  if ((value.name === 'Object' || value.name === 'Array') && key) return span(key);
  if (value.name === 'Object' || value.name === 'Array') return { from: value.from, to: value.from + 1 };
  return span(value);
}

/**
 * The text range an issue path (`['cameras', 1, 'videoConfig', 'probeSize']`) points at in a JSON document: the
 * value for a bad value, the key for an object or array value, and for a key that is missing (a required field)
 * the key of the nearest enclosing property (or the bracket of an array item), so the editor marks that line.
 */
export function rangeForPath(text: string, path: readonly PathSegment[], tree?: Tree): TextRange {
  const range = locate(text, path, tree);
  return { from: Math.min(range.from, text.length), to: Math.min(range.to, text.length) };
}

function locate(text: string, path: readonly PathSegment[], tree?: Tree): TextRange {
  const top = (tree ?? jsonLanguage.parser.parse(text)).topNode.firstChild;
  if (!top) return { from: 0, to: Math.min(1, text.length) };
  let value: SyntaxNode = top;
  let key: SyntaxNode | null = null;
  for (const segment of path) {
    let next: SyntaxNode | null = null;
    let nextKey: SyntaxNode | null = null;
    if (value.name === 'Object') {
      const property = findProperty(text, value, String(segment));
      nextKey = property?.getChild('PropertyName') ?? null;
      next = property?.lastChild ?? null;
      // `"key":` without a value yet: point at the key.
      if (next && (next.name === ':' || next.type.isError)) return nextKey ? span(nextKey) : valueRange(value, key);
    } else if (value.name === 'Array') {
      next = arrayItems(value)[Number(segment)] ?? null;
    }
    if (!next) return valueRange(value, key);
    value = next;
    key = nextKey;
  }
  return valueRange(value, key);
}

/** A dotted server path (`cameras.1.name`) as segments, for answers without `segments`. */
export function splitDottedPath(path: string): PathSegment[] {
  return path === '' ? [] : path.split('.');
}
