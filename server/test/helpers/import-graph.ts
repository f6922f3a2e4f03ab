import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The server's import graph, read from the import and re-export lines of every source file (`import type`
 * included; tests and test-support left out), and the questions layering.test.ts asks of it. The wiring (each
 * `module.ts`, `core/*.module.ts`, the context, the runtime, app.ts, main.ts, modules.ts) counts as one place,
 * 'wiring', unless a rule says otherwise.
 */
export const SRC = resolve(import.meta.dirname, '..', '..', 'src');
const WIRING_FOLDERS = new Set(['context', 'runtime', 'core']);
export const WIRING_ROOT_FILES = new Set(['app', 'main', 'modules']);

export function sourceFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return []; // a folder that does not exist (yet) has nothing to break
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Whether a file (or an import's resolved target, `.js`) is part of the wiring rather than of a layer. */
export function isWiring(path: string): boolean {
  const [top = '', ...rest] = relative(SRC, path).split(sep);
  const stem = basename(path).replace(/\.[jt]s$/, '');
  if (rest.length === 0) return WIRING_ROOT_FILES.has(stem);
  return WIRING_FOLDERS.has(top) || stem === 'module' || stem.endsWith('.module');
}

/**
 * The top-level folder of src/ a file is in; a file directly in src/ (logger.ts …) stands for itself; every
 * wiring file is in 'wiring'.
 */
export function folderOf(path: string): string {
  return isWiring(path) ? 'wiring' : (relative(SRC, path).split(sep)[0] ?? '');
}

/** Every specifier a file imports or re-exports from, `import type` and `export type` included. */
export function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1] ?? '');
}

let allEdges: [string, string][] | null = null;

/**
 * Relative imports (types included) of every source file, resolved: [importing file, imported file]. Read once:
 * every rule walks the same graph.
 */
export function edges(): [string, string][] {
  allEdges ??= sourceFiles(SRC).flatMap((file) =>
    specifiers(file)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier): [string, string] => [file, resolve(dirname(file), specifier)]),
  );
  return allEdges;
}

/** Imports from `layer` (its wiring aside) whose resolved target fails `allowed`. */
export function resolvedViolations(layer: string, allowed: (target: string, file: string) => boolean): string[] {
  return edges()
    .filter(([file, target]) => folderOf(file) === layer && !allowed(target, file))
    .map(([file, target]) => `${relative(SRC, file)} imports ${relative(SRC, target)}`);
}

/** What a feature's own routes take from http/: the route kit, never another route, the edge or Fastify itself. */
const HTTP_KIT = new Set(['define-routes.js', 'request-auth.js', 'schemas.js'].map((name) => join('http', name)));

/**
 * A feature folder's routes file (`routes.ts`, `channel-settings-routes.ts` …) importing the route kit: the one way
 * HTTP enters a feature that wires itself (its routes in http/ would import its service there, and its module.ts
 * would import them back).
 */
export function usesRouteKit(target: string, file: string): boolean {
  const stem = basename(file).replace(/\.[jt]s$/, '');
  return (stem === 'routes' || stem.endsWith('-routes')) && HTTP_KIT.has(relative(SRC, target));
}

/** Imports from `layer` (its wiring aside) into http/ that are not a routes file's use of the route kit. */
export function httpImports(layer: string): string[] {
  return resolvedViolations(layer, (target, file) => folderOf(target) !== 'http' || usesRouteKit(target, file));
}

/** The names a file imports from a specifier matching `from` (value and type imports alike). */
export function namedImports(file: string, from: RegExp): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s*from\s+'([^']+)'/gm)]
    .filter((match) => from.test(match[2] ?? ''))
    .flatMap((match) => (match[1] ?? '').split(',').map((name) => name.trim().replace(/^type\s+/, '').split(' as ')[0] ?? ''))
    .filter((name) => name !== '');
}

/** Specifiers matching `forbidden` in `layer`'s files (its wiring aside). */
export function violations(layer: string, forbidden: RegExp): string[] {
  return sourceFiles(join(SRC, layer))
    .filter((file) => !isWiring(file))
    .flatMap((file) =>
      specifiers(file)
        .filter((specifier) => forbidden.test(specifier))
        .map((specifier) => `${relative(SRC, file)} imports ${specifier}`),
    );
}

/**
 * The cycles between the places `placeOf` puts files in, each as `a → b → … → a`: one depth-first walk, a cycle per
 * import that leads back to a place still being walked (linear in places and imports).
 */
export function cyclesBetween(placeOf: (path: string) => string): string[] {
  const graph = new Map<string, Set<string>>();
  for (const [file, target] of edges()) {
    const [from, to] = [placeOf(file), placeOf(target)];
    if (from !== to) graph.set(from, (graph.get(from) ?? new Set()).add(to));
  }
  const cycles: string[] = [];
  const done = new Set<string>();
  const walking: string[] = [];
  const visit = (place: string): void => {
    if (done.has(place)) return;
    const at = walking.indexOf(place);
    if (at >= 0) return void cycles.push([...walking.slice(at), place].join(' → '));
    walking.push(place);
    for (const next of graph.get(place) ?? []) visit(next);
    walking.pop();
    done.add(place);
  };
  for (const place of graph.keys()) visit(place);
  return cycles;
}
