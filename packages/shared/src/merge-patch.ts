/**
 * JSON merge patch (RFC 7396) and the size limits of JSON that HomeCam stores (config.json).
 * Pure and shared, so the server's config writes and its camera PATCH apply the same rule.
 */

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Sets an own key even when it is `__proto__`: plain assignment would change the prototype instead. */
function define(target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * RFC 7396: an object patch merges key by key (recursively), `null` removes a key, anything else (arrays
 * too) replaces. Neither argument is changed. Recursive: check `jsonDepth` of an untrusted patch first.
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const result: JsonObject = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else define(result, key, mergePatch(Object.hasOwn(result, key) ? result[key] : undefined, value));
  }
  return result;
}

/**
 * How deeply objects and arrays nest (a scalar is 0, `{}` and `[1]` are 1, `{a:[1]}` is 2). Iterative, so
 * a 100,000-level value cannot overflow the stack; stops early once `limit` is passed and answers the path
 * of the first container that is too deep.
 */
export function jsonDepth(value: unknown, limit = Infinity): { depth: number; path: (string | number)[] | null } {
  interface Item {
    value: unknown;
    depth: number;
    key: string | number;
    parent: Item | null;
  }
  const pathOf = (item: Item): (string | number)[] => {
    const path: (string | number)[] = [];
    for (let at: Item | null = item; at?.parent; at = at.parent) path.unshift(at.key);
    return path;
  };
  let max = 0;
  const stack: Item[] = [{ value, depth: 0, key: '', parent: null }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (item.value === null || typeof item.value !== 'object') continue;
    const depth = item.depth + 1;
    if (depth > limit) return { depth, path: pathOf(item) };
    max = Math.max(max, depth);
    const entries = Array.isArray(item.value) ? item.value.entries() : Object.entries(item.value as JsonObject);
    for (const [key, child] of entries) stack.push({ value: child, depth, key, parent: item });
  }
  return { depth: max, path: null };
}

/**
 * config.json stays small and shallow (camera.ui files nest about 5 levels and weigh a few KB): a write past
 * these is refused, and a file past them is not loaded. Deeper JSON overflows recursive code (serialisers,
 * clones); finding #17 grew the file to 32 MB with one 6 KB request.
 */
export const CONFIG_MAX_DEPTH = 32;
export const CONFIG_MAX_BYTES = 4 * 1024 * 1024;
