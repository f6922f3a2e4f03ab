
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export type RoutesApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Route plugins register synchronously. avvio does not catch a synchronous throw from a plugin (it would
 * crash the process); this turns it (e.g. a route without an access rule) into a rejected plugin, so
 * `buildApp` and `ready()` fail cleanly instead.
 */
export function defineRoutes<Options extends Record<string, unknown> = Record<never, never>>(
  register: (app: RoutesApp, options: Options) => void,
): FastifyPluginAsyncZod<Options> {
  return (app, options) => {
    try {
      register(app, options);
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
}


