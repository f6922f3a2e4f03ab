import { feedQuerySchema, feedSchema } from '@homecam/shared';
import type { FeedService } from '../../services/feed.service.js';
import { defineRoutes } from '../define-routes.js';
import { requireAuth } from '../request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';

const DASHBOARD = { anyOf: ['dashboard:access'] } as const;

/** The dashboard RSS/Atom widget: the server fetches the feed (public addresses only) and answers plain text. */
export const feedRoutes = defineRoutes<{ feeds: FeedService }>((app, { feeds }) => {
  app.get(
    '/api/dashboard/feed',
    {
      config: { access: DASHBOARD },
      schema: {
        tags: ['dashboard'],
        description:
          'An RSS 2.0, Atom or RDF feed fetched by the server: http(s) URLs to public addresses only, at most 2 MiB ' +
          'in 8 s, cached 15 minutes per URL. Titles and summaries are plain text; links are http(s) only.',
        querystring: feedQuerySchema,
        response: { 200: feedSchema, ...errorResponses(400, 429, 502, ...AUTH_ERRORS) },
      },
    },
    (request) => feeds.feed(requireAuth(request).user.id, request.query.url, request.query.limit),
  );
});
