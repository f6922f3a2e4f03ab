import { idParamsSchema, reviewAllResponseSchema, reviewAllSchema, reviewListQuerySchema, reviewListSchema } from '@homecam/shared';
import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import type { RoutesApp } from '../http/define-routes.js';
import { cameraScopeOf, requireAuth } from '../http/request-auth.js';
import type { CameraScope } from '../services/camera-scope.js';
import type { FootageService } from './footage-service.js';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';
import type { ReviewIndex } from './review-index.js';
import type { ContinuousRouteDeps } from './route-deps.js';

const VIEW = { anyOf: ['recordings:access'] } as const;

/** The item, if it exists and is of a camera the caller may see (issue 21: else "not found" as well). */
async function requireItem(review: ReviewIndex, id: string, scope: CameraScope): Promise<void> {
  const camera = await review.cameraOf(id);
  if (camera === null || !scope.allows(camera)) throw new AppError('NOT_FOUND', 'review item not found');
}

/** The cameras asked for (each must be visible), else a limited caller's own (undefined: every camera). */
function scopedCameras(footage: FootageService, scope: CameraScope, cameras: readonly string[] | undefined): string[] | undefined {
  if (cameras) return cameras.map((camera) => footage.camera(camera, scope).name);
  return footage.scopeNames(scope);
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
    const { limit, ...filter } = request.query;
    const cameras = scopedCameras(footage, cameraScopeOf(request), request.query.cameras);
    const userId = requireAuth(request).user.id;
    const result = await review.list(userId, { ...filter, cameras }, limit);
    const last = result[result.length - 1];
    return { result, unreviewed: await review.unreviewedCount(userId, cameras), nextBefore: result.length === limit && last ? last.start : null };
  });

  app.put('/api/review/:id/reviewed', {
    config: { access: VIEW },
    schema: { tags: ['continuous'], description: 'Marks the item reviewed for the caller.', params: idParamsSchema, response: { 204: z.undefined(), ...errorResponses(...AUTH_ERRORS, 404) } },
  }, async (request, reply) => {
    await requireItem(review, request.params.id, cameraScopeOf(request));
    await review.mark(request.params.id, requireAuth(request).user.id, clock.now());
    return reply.code(204).send();
  });

  app.delete('/api/review/:id/reviewed', {
    config: { access: VIEW },
    schema: { tags: ['continuous'], description: 'Marks the item unreviewed for the caller.', params: idParamsSchema, response: { 204: z.undefined(), ...errorResponses(...AUTH_ERRORS, 404) } },
  }, async (request, reply) => {
    await requireItem(review, request.params.id, cameraScopeOf(request));
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
    const cameras = scopedCameras(footage, cameraScopeOf(request), request.body?.cameras);
    return { marked: await review.markAll(requireAuth(request).user.id, { cameras, before: request.body?.before }, clock.now()) };
  });

}
