import { idParamsSchema, reviewAllResponseSchema, reviewAllSchema, reviewListQuerySchema, reviewListSchema } from '@homecam/shared';
import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import type { RoutesApp } from '../http/define-routes.js';
import { requireAuth } from '../http/request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';
import type { ReviewIndex } from './review-index.js';
import type { ContinuousRouteDeps } from './route-deps.js';

const VIEW = { anyOf: ['recordings:access'] } as const;

async function requireItem(review: ReviewIndex, id: string): Promise<void> {
  if (!(await review.exists(id))) throw new AppError('NOT_FOUND', 'review item not found');
}

/** Review items: each user marks them reviewed for themselves (one, or all of a filter). */
export function reviewRoutes(app: RoutesApp, { footage, review, clock }: ContinuousRouteDeps): void {
  app.get('/api/review', {
    config: { access: VIEW },
    schema: {
      tags: ['continuous'], description: 'Review items, newest first, with the caller\'s reviewed flag and unreviewed count; `before` pages.',
      querystring: reviewListQuerySchema, response: { 200: reviewListSchema, ...errorResponses(400, ...AUTH_ERRORS, 404) },
    },
  }, async (request) => {
    const { cameras, limit, ...filter } = request.query;
    for (const camera of cameras ?? []) footage.camera(camera);
    const userId = requireAuth(request).user.id;
    const result = await review.list(userId, { ...filter, cameras }, limit);
    const last = result[result.length - 1];
    return { result, unreviewed: await review.unreviewedCount(userId, cameras), nextBefore: result.length === limit && last ? last.start : null };
  });

  app.put('/api/review/:id/reviewed', {
    config: { access: VIEW },
    schema: { tags: ['continuous'], description: 'Marks the item reviewed for the caller.', params: idParamsSchema, response: { 204: z.undefined(), ...errorResponses(...AUTH_ERRORS, 404) } },
  }, async (request, reply) => {
    await requireItem(review, request.params.id);
    await review.mark(request.params.id, requireAuth(request).user.id, clock.now());
    return reply.code(204).send();
  });

  app.delete('/api/review/:id/reviewed', {
    config: { access: VIEW },
    schema: { tags: ['continuous'], description: 'Marks the item unreviewed for the caller.', params: idParamsSchema, response: { 204: z.undefined(), ...errorResponses(...AUTH_ERRORS, 404) } },
  }, async (request, reply) => {
    await requireItem(review, request.params.id);
    await review.unmark(request.params.id, requireAuth(request).user.id);
    return reply.code(204).send();
  });

  app.post('/api/review/reviewed', {
    config: { access: VIEW },
    schema: {
      tags: ['continuous'], description: 'Marks every unreviewed item (of `cameras`, starting before `before`) reviewed for the caller.',
      body: reviewAllSchema, response: { 200: reviewAllResponseSchema, ...errorResponses(400, ...AUTH_ERRORS, 404) },
    },
  }, async (request) => {
    for (const camera of request.body?.cameras ?? []) footage.camera(camera);
    return { marked: await review.markAll(requireAuth(request).user.id, { cameras: request.body?.cameras, before: request.body?.before }, clock.now()) };
  });

}
