import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Style guide §7.2: http/realtime → services → repositories. Checked on the import lines of every source file. */
const SRC = resolve(import.meta.dirname, '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'media' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Value imports only: `import type` has no runtime edge. */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map((match) => match[1] ?? '');
}

function violations(layer: string, forbidden: RegExp): string[] {
  return sourceFiles(join(SRC, layer)).flatMap((file) =>
    valueImports(file)
      .filter((specifier) => forbidden.test(specifier))
      .map((specifier) => `${relative(SRC, file)} imports ${specifier}`),
  );
}

describe('layering', () => {
  it('finds the source files', () => {
    expect(sourceFiles(join(SRC, 'services')).length).toBeGreaterThan(5);
    expect(valueImports(join(SRC, 'services', 'auth.service.ts'))).toContain('../errors/app-error.js');
  });

  it('services use neither HTTP, sockets, processes nor storage directly', () => {
    expect(violations('services', /^(fastify|@fastify\/|socket\.io|node:child_process|node:fs|better-sqlite3|kysely)|\/http\/|\/realtime\/|\/db\//)).toEqual([]);
  });

  it('HTTP handlers and the realtime gateway reach storage only through services', () => {
    expect(violations('http', /\/repositories\/|\/db\/|^better-sqlite3|^kysely|^node:fs/)).toEqual([]);
    expect(violations('realtime', /\/repositories\/|\/db\/|^better-sqlite3|^kysely|^node:fs|\/http\//)).toEqual([]);
  });

  it('repositories know nothing of services, HTTP or sockets', () => {
    expect(violations('repositories', /\/services\/|\/http\/|\/realtime\/|^fastify|^socket\.io/)).toEqual([]);
  });
});
