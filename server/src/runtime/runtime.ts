import type { FastifyBaseLogger } from 'fastify';
import type { RoutesApp } from '../http/define-routes.js';
import type { RealtimeGateway } from '../realtime/gateway.js';
import type { HomecamModule } from './module.js';

/** Stops each module in the order given; a failing stop is logged and the rest still stop. */
export async function stopAll(modules: readonly HomecamModule[], log: FastifyBaseLogger): Promise<void> {
  for (const module of modules) {
    try {
      await module.stop?.();
    } catch (error) {
      log.error({ err: error, component: module.name }, 'stopping failed');
    }
  }
}

/**
 * The server's modules with one lifecycle: start in list order; a failed start, a failed build and Fastify's
 * onClose share one reverse stop, which stops each started module once.
 */
export class Runtime {
  private readonly started: HomecamModule[] = [];

  constructor(
    readonly modules: readonly HomecamModule[],
    private readonly log: FastifyBaseLogger,
  ) {
    const names = modules.map((module) => module.name);
    const twice = names.find((name, index) => names.indexOf(name) !== index);
    if (twice) throw new Error(`module '${twice}' is listed twice`);
  }

  /** Starts the modules in order; when one throws, what already started is stopped and the error goes on. */
  async start(): Promise<void> {
    for (const module of this.modules) {
      try {
        await module.start?.();
      } catch (error) {
        await this.stop();
        throw error;
      }
      this.started.push(module);
    }
  }

  /** Stops what started, last first: the one teardown, for a failed start, a failed build and Fastify's onClose. */
  async stop(): Promise<void> {
    await stopAll(this.started.splice(0).reverse(), this.log);
  }

  /** Every module's routes, in list order. */
  async routes(app: RoutesApp): Promise<void> {
    for (const module of this.modules) await module.routes?.(app);
  }

  /** Every module's socket events; returns what disconnects them all. */
  socket(gateway: RealtimeGateway): () => void {
    const undo = this.modules.map((module) => module.socket?.(gateway));
    return () => {
      for (const off of undo) off?.();
    };
  }
}
