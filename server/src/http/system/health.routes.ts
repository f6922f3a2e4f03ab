import { healthResponseSchema } from '@homecam/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: healthResponseSchema } } },
    () => ({ status: 'ok' as const }),
  );
  return Promise.resolve();
};
