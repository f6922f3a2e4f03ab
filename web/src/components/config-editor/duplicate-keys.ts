import { jsonLanguage } from '@codemirror/lang-json';
import type { SyntaxNode, Tree } from '@lezer/common';

export interface DuplicateKey {
  key: string;
  /** Dotted path of the repeated key, e.g. `cameras.0.name`. */
  path: string;
  /** The key's text range (the repeated occurrence). */
  from: number;
  to: number;
}

function keyOf(text: string, name: SyntaxNode): string {
  const raw = text.slice(name.from, name.to);
  try {
    return String(JSON.parse(raw));
  } catch {
    return raw.replace(/^"|"$/g, '');
  }
}

/** The path of an Object node: the keys of the properties and the indexes of the array items around it. */
function pathOf(text: string, node: SyntaxNode): string[] {
  const path: string[] = [];
  for (let child: SyntaxNode = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (parent.name === 'Property') {
      const name = parent.getChild('PropertyName');
      if (name) path.unshift(keyOf(text, name));
    } else if (parent.name === 'Array') {
      let index = 0;
      for (let item = parent.firstChild; item && item.from < child.from; item = item.nextSibling) {
        if (!['[', ']', ','].includes(item.name) && !item.type.isError) index++;
      }
      path.unshift(String(index));
    }
  }
  return path;
}

/**
 * Keys an object of the document holds more than once. JSON.parse (and so the server) silently keeps the last
 * one, so an edit to the first looks applied and is not: each later occurrence is reported at its key.
 */
export function duplicateKeys(text: string, tree?: Tree): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  (tree ?? jsonLanguage.parser.parse(text)).iterate({
    enter: (ref) => {
      if (ref.name !== 'Object') return;
      const object = ref.node;
      const seen = new Set<string>();
      for (let child = object.firstChild; child; child = child.nextSibling) {
        const name = child.name === 'Property' ? child.getChild('PropertyName') : null;
        if (!name) continue;
        const key = keyOf(text, name);
        if (seen.has(key)) found.push({ key, path: [...pathOf(text, object), key].join('.'), from: name.from, to: name.to });
        seen.add(key);
      }
    },
  });
  return found.sort((a, b) => a.from - b.from);
}
