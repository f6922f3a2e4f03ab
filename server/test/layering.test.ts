import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Style guide §7.2: http/realtime → services → repositories, media and lib as libraries with a public API, and
 * no cycles between folders. Checked on the import lines of every source file (tests and test-support excluded:
 * they may reach inside a module to set it up).
 */
const SRC = resolve(import.meta.dirname, '..', 'src');

function sourceFiles(dir: string): string[] {
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

/** The top-level folder of src/ a file is in; a file directly in src/ (app.ts, logger.ts …) stands for itself. */
function folderOf(path: string): string {
  return relative(SRC, path).split(sep)[0] ?? '';
}

/** Relative value imports of every source file, resolved: [importing file, imported file]. */
function edges(): [string, string][] {
  return sourceFiles(SRC).flatMap((file) =>
    valueImports(file)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier): [string, string] => [file, resolve(dirname(file), specifier)]),
  );
}

/** Imports from `layer` whose resolved target fails `allowed`. */
function resolvedViolations(layer: string, allowed: (target: string) => boolean): string[] {
  return edges()
    .filter(([file, target]) => folderOf(file) === layer && !allowed(target))
    .map(([file, target]) => `${relative(SRC, file)} imports ${relative(SRC, target)}`);
}

/** Value imports only: `import type` has no runtime edge. */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^import\s(?!\s*type\s)[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1] ?? '');
}

/** Every specifier a file imports or re-exports from, `import type` included: a library must not even know the app's types. */
function allSpecifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1] ?? '');
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

  it('services use neither HTTP, sockets, processes nor storage directly, nor the notifiers built on them', () => {
    expect(violations('services', /^(?:fastify|@fastify\/|socket\.io|node:child_process|node:fs|better-sqlite3|kysely)|\/http\/|\/realtime\/|\/db\/|\/push\/|\/recording\//)).toEqual([]);
  });

  it('HTTP handlers and the realtime gateway reach storage only through services', () => {
    expect(violations('http', /\/repositories\/|\/db\/|^better-sqlite3|^kysely|^node:fs/)).toEqual([]);
    expect(violations('realtime', /\/repositories\/|\/db\/|^better-sqlite3|^kysely|^node:fs|\/http\//)).toEqual([]);
  });

  it('repositories know nothing of services, HTTP or sockets', () => {
    expect(violations('repositories', /\/services\/|\/http\/|\/realtime\/|^fastify|^socket\.io/)).toEqual([]);
  });

  it('media is used through its public API (media/index.ts) only, and uses nothing of the app', () => {
    const outside = edges()
      .filter(([file, target]) => folderOf(file) !== 'media' && folderOf(target) === 'media' && relative(SRC, target) !== join('media', 'index.js'))
      .map(([file, target]) => `${relative(SRC, file)} imports ${relative(SRC, target)}`);
    expect(outside).toEqual([]);
    expect(resolvedViolations('media', (target) => ['media', 'lib'].includes(folderOf(target)))).toEqual([]);
  });

  it('lib (reusable code: clock, fMP4 parser, ffmpeg argument builders) imports nothing from the app', () => {
    const files = sourceFiles(join(SRC, 'lib'));
    expect(files.map((file) => relative(SRC, file))).toEqual(
      expect.arrayContaining([join('lib', 'clock.ts'), join('lib', 'fmp4', 'stream-parser.ts'), join('lib', 'ffmpeg-args', 'source.ts')]),
    );
    expect(resolvedViolations('lib', (target) => folderOf(target) === 'lib')).toEqual([]);
    // Type imports and re-exports too; outside packages: node built-ins and the shared contract only.
    const outside = files.flatMap((file) =>
      allSpecifiers(file)
        .filter((specifier) => (specifier.startsWith('.') ? folderOf(resolve(dirname(file), specifier)) !== 'lib' : !/^(?:node:|@homecam\/shared$)/.test(specifier)))
        .map((specifier) => `${relative(SRC, file)} imports ${specifier}`),
    );
    expect(outside).toEqual([]);
  });

  it('motion analyses video from media; it knows nothing of services, storage, HTTP or the other event sources', () => {
    expect(resolvedViolations('motion', (target) => ['motion', 'media', 'lib'].includes(folderOf(target)))).toEqual([]);
  });

  it('triggers turn protocols into sink calls: no services, storage, HTTP, media or recording', () => {
    expect(resolvedViolations('triggers', (target) => ['triggers', 'events', 'lib'].includes(folderOf(target)))).toEqual([]);
  });

  it('the recorder and the push notifier work through services, never HTTP, sockets or the database', () => {
    const forbidden = /\/http\/|\/realtime\/|\/db\/|^better-sqlite3|^kysely|^fastify|^socket\.io|\/triggers\//;
    expect(violations('recording', forbidden)).toEqual([]);
    expect(violations('push', forbidden)).toEqual([]);
    // Rows change through RecordingService only.
    expect(violations('recording', /recording\.repository/)).toEqual([]);
  });

  it('the building blocks (cli, db, errors, events, security, config-rules) use nothing above them', () => {
    const own = (layer: string, also: string[] = []) => (target: string) => [layer, 'lib', ...also].includes(folderOf(target));
    expect(resolvedViolations('cli', own('cli', ['logger.js']))).toEqual([]);
    for (const layer of ['db', 'errors', 'events', 'security']) expect(resolvedViolations(layer, own(layer))).toEqual([]);
    // The pure config.json rules (masking, file-only keys, write checks) serve the config API and a restore alike.
    expect(resolvedViolations('config-rules', own('config-rules', ['errors']))).toEqual([]);
  });

  it('outbound (fetching on a user\'s or the admin\'s behalf) uses only the address rules and lib, nothing of the app', () => {
    expect(resolvedViolations('outbound', (target) => ['outbound', 'security', 'lib'].includes(folderOf(target)))).toEqual([]);
    expect(violations('outbound', /^(?:fastify|@fastify\/|socket\.io|node:child_process|node:fs|better-sqlite3|kysely)/)).toEqual([]);
  });

  it('integrations (the plugins registry) adapt services and triggers: no HTTP, sockets, storage or processes', () => {
    expect(resolvedViolations('integrations', (target) => ['integrations', 'services', 'triggers', 'errors', 'events', 'lib'].includes(folderOf(target)))).toEqual([]);
    expect(violations('integrations', /^(?:fastify|socket\.io|node:child_process|node:fs|better-sqlite3|kysely)/)).toEqual([]);
  });

  it('alerts (the alert pipeline and its channels) work through services and the bus: no HTTP, sockets or database', () => {
    expect(violations('alerts', /\/http\/|\/realtime\/|\/db\/|^better-sqlite3|^kysely|^fastify|^socket\.io|^node:child_process/)).toEqual([]);
  });

  it('logs (the log hub: scrubbing, ring, rotating file) uses only lib and the shared contract', () => {
    expect(resolvedViolations('logs', (target) => ['logs', 'lib'].includes(folderOf(target)))).toEqual([]);
  });

  it('backup (archives, restore swap, daily copy) uses only the building blocks, never services, HTTP or sockets', () => {
    expect(resolvedViolations('backup', (target) => ['backup', 'db', 'lib', 'errors', 'config-rules'].includes(folderOf(target)))).toEqual([]);
  });

  it('metrics (the one reader of /proc) uses lib and the media API only: nothing of services, storage, HTTP or sockets', () => {
    expect(resolvedViolations('metrics', (target) => ['metrics', 'lib', 'media'].includes(folderOf(target)))).toEqual([]);
    expect(violations('services', /\/metrics\//)).toEqual([]);
  });

  it('analysis (image detectors, the event analysis step) uses services, events and lib: no HTTP, sockets, storage or processes', () => {
    expect(resolvedViolations('analysis', (target) => ['analysis', 'services', 'events', 'lib'].includes(folderOf(target)))).toEqual([]);
  });

  it('the webhook and Alexa channels (alerts/webhook, alexa, outgoing) call out with lib only: no services, storage, HTTP server', () => {
    const channel = /^alerts[\\/](?:webhook|alexa|outgoing)[\\/]/;
    expect(edges().filter(([file, target]) => channel.test(relative(SRC, file)) && !['alerts', 'lib'].includes(folderOf(target)))).toEqual([]);
    for (const sub of ['webhook', 'alexa', 'outgoing']) expect(violations(join('alerts', sub), /^(?:fastify|socket\.io|node:child_process|node:fs|better-sqlite3|kysely)/)).toEqual([]);
  });

  it('alerts/mqtt (MQTT publishing, HA discovery) uses the MQTT trigger\'s connection, the bus and lib: no services, HTTP or storage', () => {
    const mqtt = edges().filter(([file]) => relative(SRC, file).startsWith(join('alerts', 'mqtt') + sep));
    expect(mqtt.length).toBeGreaterThan(0);
    const outside = mqtt.filter(([, target]) => !['alerts', 'triggers', 'events', 'lib'].includes(folderOf(target)));
    expect(outside.map(([file, target]) => `${relative(SRC, file)} imports ${relative(SRC, target)}`)).toEqual([]);
  });

  it('webrtc (peer connections, fMP4 → RTP) uses the media API and lib only: no services, storage, HTTP or sockets', () => {
    expect(resolvedViolations('webrtc', (target) => ['webrtc', 'media', 'lib'].includes(folderOf(target)))).toEqual([]);
    expect(violations('webrtc', /^(?:fastify|@fastify\/|socket\.io|node:child_process|node:fs|better-sqlite3|kysely)/)).toEqual([]);
  });

  it('continuous (24/7 recording, issue 19) is one feature folder: services, repositories, db types, media API, lib, HTTP helpers; nothing imports it but the runtime', () => {
    expect(sourceFiles(join(SRC, 'continuous')).length).toBeGreaterThan(5);
    expect(resolvedViolations('continuous', (target) => ['continuous', 'services', 'repositories', 'db', 'media', 'lib', 'events', 'errors', 'http', 'recording'].includes(folderOf(target)) || relative(SRC, target) === 'context.js')).toEqual([]);
    expect(violations('continuous', /^socket\.io|\/realtime\//)).toEqual([]);
    const users = edges().filter(([file, target]) => folderOf(target) === 'continuous' && folderOf(file) !== 'continuous').map(([file]) => relative(SRC, file));
    expect([...new Set(users)]).toEqual(['runtime.ts']);
  });

  it('has no cycles between folders', () => {
    const graph = new Map<string, Set<string>>();
    for (const [file, target] of edges()) {
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from !== to) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
    const cycles: string[] = [];
    const visit = (folder: string, path: string[]): void => {
      if (path.includes(folder)) return void cycles.push([...path.slice(path.indexOf(folder)), folder].join(' → '));
      for (const next of graph.get(folder) ?? []) visit(next, [...path, folder]);
    };
    for (const folder of graph.keys()) visit(folder, []);
    expect([...new Set(cycles)]).toEqual([]);
  });

  it('homekit (the HAP bridge, its accessories, HomeKit streaming) uses services, the bus, the media API and lib: no HTTP, sockets or database', () => {
    expect(sourceFiles(join(SRC, 'homekit')).length).toBeGreaterThan(3);
    expect(resolvedViolations('homekit', (target) => ['homekit', 'services', 'events', 'integrations', 'media', 'errors', 'lib'].includes(folderOf(target)))).toEqual([]);
    expect(violations('homekit', /^(?:fastify|@fastify\/|socket\.io|better-sqlite3|kysely)|\/http\/|\/realtime\/|\/db\/|\/repositories\//)).toEqual([]);
  });
});
