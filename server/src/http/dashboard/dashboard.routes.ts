import { DASHBOARD_LAYOUT_MAX_BYTES, dashboardLayoutResponseSchema, dashboardLayoutSchema } from '@homecam/shared';
import type { DashboardService } from '../../services/dashboard.service.js';
import { defineRoutes } from '../define-routes.js';
import { requireAuth } from '../request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';

/** Spec §2: /dashboard needs dashboard:access (admin passes). */
const DASHBOARD = { anyOf: ['dashboard:access'] } as const;

/** The caller's own dashboard board; there is no way to name another user. */
export const dashboardRoutes = defineRoutes<{ dashboard: DashboardService }>((app, { dashboard }) => {
  app.get(
    '/api/dashboard/layout',
    {
      config: { access: DASHBOARD },
      schema: {
        tags: ['dashboard'],
        description: "The caller's saved dashboard layout, or null when none was saved yet (the browser then uses its own or the default).",
        response: { 200: dashboardLayoutResponseSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    (request) => dashboard.layout(requireAuth(request).user.id),
  );

  app.put(
    '/api/dashboard/layout',
    {
      bodyLimit: DASHBOARD_LAYOUT_MAX_BYTES,
      config: { access: DASHBOARD },
      schema: {
        tags: ['dashboard'],
        description: "Replaces the caller's dashboard layout (a second device then loads it). 400 VALIDATION_FAILED for a bad layout, 413 when too large.",
        body: dashboardLayoutSchema,
        response: { 200: dashboardLayoutResponseSchema, ...errorResponses(400, 413, ...AUTH_ERRORS) },
      },
    },
    (request) => dashboard.save(requireAuth(request).user.id, request.body),
  );
});
