import { healthResponseSchema } from '@homecam/shared';
import { defineRoutes } from '../define-routes.js';

export const healthRoutes = defineRoutes((app) => {
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: healthResponseSchema } } },
    () => ({ status: 'ok' as const }),
  );
});
