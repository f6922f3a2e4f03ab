import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { HomecamModule } from '../src/runtime/module.js';
import { Runtime } from '../src/runtime/runtime.js';

/** The runtime's one lifecycle: start in order; a failed start, a failed build and onClose share one reverse stop. */
function recorder(): { log: string[]; component: (name: string, fail?: 'start' | 'stop') => HomecamModule; logger: FastifyBaseLogger } {
  const log: string[] = [];
  const logger = { error: (context: { component?: string }) => log.push(`logged ${context.component ?? '?'}`) } as unknown as FastifyBaseLogger;
  const component = (name: string, fail?: 'start' | 'stop'): HomecamModule => ({
    name,
    start: async () => {
      log.push(`start ${name}`);
      if (fail === 'start') throw new Error(`${name} failed`);
      await Promise.resolve();
    },
    stop: () => {
      log.push(`stop ${name}`);
      if (fail === 'stop') throw new Error(`${name} failed to stop`);
    },
  });
  return { log, component, logger };
}

describe('Runtime', () => {
  it('starts in order and stops in reverse, once', async () => {
    const { log, component, logger } = recorder();
    const runtime = new Runtime([component('database'), component('streams'), component('triggers')], logger);
    await runtime.start();
    await runtime.stop();
    await runtime.stop(); // onClose after a failed build's stop, or twice: nothing stops twice
    expect(log).toEqual(['start database', 'start streams', 'start triggers', 'stop triggers', 'stop streams', 'stop database']);
  });

  it('a start that throws stops what already started, last first, and rethrows', async () => {
    const { log, component, logger } = recorder();
    const runtime = new Runtime([component('database'), component('streams'), component('recorder', 'start'), component('triggers')], logger);
    await expect(runtime.start()).rejects.toThrow('recorder failed');
    await runtime.stop(); // the build's catch stops again: a no-op
    expect(log).toEqual(['start database', 'start streams', 'start recorder', 'stop streams', 'stop database']);
  });

  it('a stop that throws is logged and the others still stop', async () => {
    const { log, component, logger } = recorder();
    const runtime = new Runtime([component('database'), component('push', 'stop'), component('triggers')], logger);
    await runtime.start();
    await runtime.stop();
    expect(log.slice(3)).toEqual(['stop triggers', 'stop push', 'logged push', 'stop database']);
  });

  it('refuses a module listed twice (its name is what a failed stop logs)', () => {
    const { component, logger } = recorder();
    expect(() => new Runtime([component('database'), component('alerts'), component('alerts')], logger)).toThrow("module 'alerts' is listed twice");
  });
});
