import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclesBetween, edges, folderOf, httpImports, isWiring, namedImports, resolvedViolations, sourceFiles, specifiers, SRC, usesRouteKit, violations, WIRING_ROOT_FILES } from './helpers/import-graph.js';

/**
 * Style guide §7.2: http/realtime → services → repositories, media and lib as libraries with a public API, and
 * no cycles between folders. Checked on the import and re-export lines of every source file, `import type`
 * included (a type import ties two folders as much as a value import does when one of them changes); tests and
 * test-support are excluded: they may reach inside a module to set it up.
 *
 * The wiring stands apart: each feature's `module.ts` (and `core/*.module.ts`), the ordered list in `modules.ts`,
 * the context, the runtime, app.ts and main.ts. A folder's `module.ts` builds its parts and registers its routes,
 * so it may reach what its folder's own files may not (its routes in http/, a repository); nothing but the wiring
 * imports it. It stands in a folder only where nothing lower imports that folder (else in core/): counted in its
 * own folder, no import runs back up (the folders form no cycle, app.ts, main.ts and modules.ts on top).
 */

describe('layering', () => {
  it('finds the source files', () => {
    expect(sourceFiles(join(SRC, 'services')).length).toBeGreaterThan(5);
    expect(specifiers(join(SRC, 'services', 'auth.service.ts'))).toContain('../errors/app-error.js');
    // Type imports count: `import type { … } from` is an edge like any other.
    expect(specifiers(join(SRC, 'runtime', 'runtime.ts'))).toContain('./module.js');
    expect(isWiring(join(SRC, 'homekit', 'module.ts'))).toBe(true);
    expect(isWiring(join(SRC, 'homekit', 'homekit-bridge.ts'))).toBe(false);
  });

  it('services use neither HTTP, sockets, processes nor storage directly, nor the features built on them', () => {
    expect(violations('services', /^(?:fastify|@fastify\/|socket\.io|node:child_process|node:fs|better-sqlite3|kysely)|\/http\/|\/realtime\/|\/db\/|\/alerts\/|\/recording\/|\/homekit\/|\/integrations\//)).toEqual([]);
  });

  it('only the wiring imports the wiring (a module.ts, the context, the runtime, the module list)', () => {
    const inward = edges()
      .filter(([file, target]) => !isWiring(file) && isWiring(target))
      .map(([file, target]) => `${relative(SRC, file)} imports ${relative(SRC, target)}`);
    expect(inward).toEqual([]);
  });

  it('services start no process, not even through the media API: one-shot ffmpeg runs are a repository\'s (runOnce)', () => {
    const PROCESS_API = new Set(['runOnce', 'SupervisedProcess', 'spawnTied', 'killWithParent', 'selectFfmpeg']);
    const used = sourceFiles(join(SRC, 'services')).flatMap((file) =>
      namedImports(file, /\/media\/index\.js$/).filter((name) => PROCESS_API.has(name)).map((name) => `${relative(SRC, file)} imports ${name}`),
    );
    expect(used).toEqual([]);
    // The check reads the import lists it means to: the photo encoder, a repository, is the one that runs ffmpeg.
    expect(namedImports(join(SRC, 'repositories', 'photo-encoder.repository.ts'), /\/media\/index\.js$/)).toContain('runOnce');
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
    const outsidePackages = (file: string) => specifiers(file).filter((specifier) => !specifier.startsWith('.') && !/^(?:node:|@homecam\/shared$)/.test(specifier));
    expect(files.map((file) => relative(SRC, file))).toEqual(
      expect.arrayContaining([join('lib', 'clock.ts'), join('lib', 'fmp4', 'stream-parser.ts'), join('lib', 'ffmpeg-args', 'source.ts')]),
    );
    expect(resolvedViolations('lib', (target) => folderOf(target) === 'lib')).toEqual([]);
    // Outside packages: node built-ins and the shared contract only.
    expect(files.flatMap(outsidePackages)).toEqual([]);
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
    expect(sourceFiles(join(SRC, 'alerts', 'push')).length).toBeGreaterThan(2);
    expect(violations(join('alerts', 'push'), forbidden)).toEqual([]);
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

  it('alerts (the alert pipeline and its channels) work through services and the bus: no sockets or database, HTTP only in its routes', () => {
    expect(violations('alerts', /\/realtime\/|\/db\/|^better-sqlite3|^kysely|^fastify|^socket\.io|^node:child_process/)).toEqual([]);
    expect(httpImports('alerts')).toEqual([]);
    // The exception is the one it means: the status/test routes and the channels' one settings route use the kit.
    expect(specifiers(join(SRC, 'alerts', 'channel-settings-routes.ts'))).toContain('../http/define-routes.js');
    expect(usesRouteKit(join(SRC, 'http', 'define-routes.js'), join(SRC, 'alerts', 'alert-pipeline.ts'))).toBe(false);
  });

  it('logs (the log hub: scrubbing, ring, rotating file) uses only lib and the shared contract', () => {
    expect(resolvedViolations('logs', (target) => ['logs', 'lib'].includes(folderOf(target)))).toEqual([]);
  });

  it('backup (archives, restore swap, daily copy) uses only the building blocks, never services, HTTP or sockets', () => {
    expect(resolvedViolations('backup', (target) => ['backup', 'db', 'lib', 'errors', 'config-rules'].includes(folderOf(target)))).toEqual([]);
  });

  it('metrics (the one reader of /proc) uses lib and the media API only, and its route the route kit: nothing of services, storage or sockets', () => {
    expect(resolvedViolations('metrics', (target, file) => ['metrics', 'lib', 'media'].includes(folderOf(target)) || usesRouteKit(target, file))).toEqual([]);
    expect(violations('services', /\/metrics\//)).toEqual([]);
  });

  it('analysis (image detectors, the event analysis step, its plugins-page entry) uses services, events and lib: no HTTP, sockets, storage or processes', () => {
    expect(resolvedViolations('analysis', (target) => ['analysis', 'services', 'integrations', 'events', 'lib'].includes(folderOf(target)))).toEqual([]);
  });

  it('the webhook and Alexa channels (alerts/webhook, alexa, outgoing) call out with lib only and keep their settings in config.json: no other services, storage, HTTP server', () => {
    const channel = /^alerts[\\/](?:webhook|alexa|outgoing)[\\/]/;
    const allowed = (target: string) => ['alerts', 'lib'].includes(folderOf(target)) || relative(SRC, target) === join('services', 'config.service.js');
    const outside = edges().filter(([file, target]) => channel.test(relative(SRC, file)) && !allowed(target));
    expect(outside.map(([file, target]) => `${relative(SRC, file)} imports ${relative(SRC, target)}`)).toEqual([]);
    for (const sub of ['webhook', 'alexa', 'outgoing']) expect(violations(join('alerts', sub), /^(?:fastify|socket\.io|node:child_process|node:fs|better-sqlite3|kysely)/)).toEqual([]);
  });

  it('alerts/mqtt (MQTT publishing, HA discovery) uses the MQTT trigger\'s connection, the bus, lib and config.json: no other services, HTTP or storage', () => {
    const mqtt = edges().filter(([file]) => relative(SRC, file).startsWith(join('alerts', 'mqtt') + sep) && !isWiring(file));
    expect(mqtt.length).toBeGreaterThan(0);
    const allowed = (target: string) => ['alerts', 'triggers', 'events', 'lib'].includes(folderOf(target)) || relative(SRC, target) === join('services', 'config.service.js');
    const outside = mqtt.filter(([, target]) => !allowed(target));
    expect(outside.map(([file, target]) => `${relative(SRC, file)} imports ${relative(SRC, target)}`)).toEqual([]);
  });

  it('webrtc (peer connections, fMP4 → RTP) uses the media API and lib only: no services, storage, HTTP or sockets', () => {
    expect(resolvedViolations('webrtc', (target) => ['webrtc', 'media', 'lib'].includes(folderOf(target)))).toEqual([]);
    expect(violations('webrtc', /^(?:fastify|@fastify\/|socket\.io|node:child_process|node:fs|better-sqlite3|kysely)/)).toEqual([]);
  });

  it('detection (object detection on motion frames, its worker pool) uses the motion API, the analysis detector contract and lib: no services, storage, HTTP or sockets', () => {
    expect(sourceFiles(join(SRC, 'detection')).length).toBeGreaterThan(3);
    expect(resolvedViolations('detection', (target) => ['detection', 'motion', 'analysis', 'lib'].includes(folderOf(target)))).toEqual([]);
    expect(violations('detection', /^(?:fastify|@fastify\/|socket\.io|better-sqlite3|kysely)/)).toEqual([]);
  });

  it('continuous (24/7 recording, issue 19) is one feature folder: services, repositories, db types, media API, lib, HTTP helpers; nothing but the module list imports its module.ts', () => {
    expect(sourceFiles(join(SRC, 'continuous')).length).toBeGreaterThan(5);
    expect(resolvedViolations('continuous', (target) => ['continuous', 'services', 'repositories', 'db', 'media', 'lib', 'events', 'errors', 'http', 'recording'].includes(folderOf(target)))).toEqual([]);
    expect(violations('continuous', /^socket\.io|\/realtime\//)).toEqual([]);
    const users = edges().filter(([file, target]) => folderOf(target) === 'continuous' && folderOf(file) !== 'continuous').map(([file]) => relative(SRC, file));
    expect([...new Set(users)].sort()).toEqual(['continuous/module.ts', 'modules.ts']); // its own wiring and the module list
  });

  it('the features that wire themselves, routes included (sessions, API tokens, passkeys, ONVIF, HomeKit, metrics, alerts), are reached by the wiring alone', () => {
    // A route of theirs kept in http/ would import their service there, and their module.ts would import it back.
    const inside = (file: string, feature: string) => relative(SRC, file).startsWith(feature + sep);
    // main.ts reads the alert channels' operator options (`--help`, the environment) before anything is built.
    const wiringUsers: Record<string, string[]> = { alerts: ['main.ts', 'modules.ts'] };
    for (const feature of ['sessions', 'api-tokens', 'passkeys', 'onvif', 'onvif-events', 'homekit', 'metrics', 'alerts']) {
      expect(sourceFiles(join(SRC, feature)).length, feature).toBeGreaterThan(2);
      const users = edges().filter(([file, target]) => inside(target, feature) && !inside(file, feature)).map(([file]) => relative(SRC, file));
      expect([...new Set(users)].sort(), feature).toEqual(wiringUsers[feature] ?? ['modules.ts']);
    }
  });

  it('has no cycles between folders', () => {
    expect(cyclesBetween(folderOf)).toEqual([]);
  });

  it('no import runs back up: with each module.ts counted in its own folder, only app.ts, main.ts and modules.ts stand above the folders', () => {
    // The case above lumps all wiring into one place. Here a folder's module.ts belongs to its folder, so a module
    // kept in a folder that lower code imports (it imports the context, the runtime and http back) is a cycle: such
    // a module belongs in core/, and a route that serves a feature in the feature's own folder.
    const placeOf = (path: string) => {
      const [top = '', ...rest] = relative(SRC, path).split(sep);
      const stem = top.replace(/\.[jt]s$/, '');
      return rest.length === 0 && WIRING_ROOT_FILES.has(stem) ? 'top' : stem;
    };
    expect(placeOf(join(SRC, 'triggers', 'trigger.ts'))).toBe('triggers');
    expect(placeOf(join(SRC, 'logger.js'))).toBe(placeOf(join(SRC, 'logger.ts')));
    expect(cyclesBetween(placeOf)).toEqual([]);
  });

  it('homekit (the HAP bridge, its accessories, HomeKit streaming) uses services, the bus, the media API and lib, and its route the route kit: no other HTTP, sockets or database', () => {
    expect(sourceFiles(join(SRC, 'homekit')).length).toBeGreaterThan(3);
    const allowed = (target: string, file: string) => ['homekit', 'services', 'events', 'integrations', 'media', 'errors', 'lib'].includes(folderOf(target)) || usesRouteKit(target, file);
    expect(resolvedViolations('homekit', allowed)).toEqual([]);
    expect(violations('homekit', /^(?:fastify|@fastify\/|socket\.io|better-sqlite3|kysely)|\/realtime\/|\/db\/|\/repositories\//)).toEqual([]);
  });
});
