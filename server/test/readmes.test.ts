import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 18: every folder of server/src has a README (what it owns, how it is wired), and a README never names a
 * file that is gone. A named path is a backticked word ending in a source or document extension or in `/`; it
 * must exist from the README's own folder, server/src, server/ or the repository root (a `.js` import specifier
 * names its `.ts` file; `@scope/package/…` is looked up in node_modules). Stale paths are how READMEs lied before
 * (`context.ts createStreams` long after it moved).
 */
const SERVER = resolve(import.meta.dirname, '..');
const SRC = join(SERVER, 'src');
const REPO = resolve(SERVER, '..');
/** Files of a running install, not of the repository. */
const RUNTIME_FILES = new Set(['config.json', 'homecam.db', 'homecam.log']);

function readmes(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : readmes(path);
    return entry.name === 'README.md' ? [path] : [];
  });
}

/** Drops the sentence's punctuation after a path (`foo.ts`, `foo.ts)`). */
function trimTrailing(path: string): string {
  let end = path.length;
  while (end > 0 && '.,;:)'.includes(path[end - 1] ?? '')) end -= 1;
  return path.slice(0, end);
}

/** The paths a README names (see above), as written. */
function namedPaths(text: string): string[] {
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map((match) => trimTrailing((match[1] ?? '').replace(/:\d[\d,-]*$/, '')))
    .filter((path) => /(?:\.(?:ts|tsx|js|mjs|json|md|sh|ya?ml)|\/)$/.test(path))
    .filter((path) => !/[<>*{}$…]|:\/\/|^(?:https?:|\/|~)/.test(path) && !RUNTIME_FILES.has(path));
}

function exists(readme: string, path: string): boolean {
  const bases = path.startsWith('@') ? [join(REPO, 'node_modules')] : [dirname(readme), SRC, SERVER, REPO];
  return bases.some((base) => {
    const full = join(base, path);
    return existsSync(full) || (full.endsWith('.js') && existsSync(full.replace(/\.js$/, '.ts')));
  });
}

describe('server READMEs', () => {
  const files = [join(SERVER, 'README.md'), ...readmes(SRC)];

  it('every folder of server/src has one', () => {
    const folders = readdirSync(SRC, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.length).toBeGreaterThan(20);
    expect(folders.filter((folder) => !existsSync(join(SRC, folder, 'README.md')))).toEqual([]);
  });

  it('finds the paths a README names', () => {
    expect(namedPaths('see `recording/recorder.ts:118`, `lib/fmp4/`, `./module.js`; not `config.json`, `<id>/index.ts` or `npm test`')).toEqual([
      'recording/recorder.ts',
      'lib/fmp4/',
      './module.js',
    ]);
    const readme = join(SRC, 'alerts', 'README.md');
    expect(exists(readme, 'registry.ts')).toBe(true);
    expect(exists(readme, 'recording/recorder.ts')).toBe(true);
    expect(exists(readme, 'context.ts')).toBe(false);
  });

  it('names no path that does not exist', () => {
    const missing = files.flatMap((file) => namedPaths(readFileSync(file, 'utf8')).filter((path) => !exists(file, path)).map((path) => `${relative(REPO, file)}: ${path}`));
    expect(missing).toEqual([]);
  });
});
