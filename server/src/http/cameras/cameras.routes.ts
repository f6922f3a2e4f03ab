import { cameraListSchema, cameraNameParamsSchema, cameraSchema, isAdmin } from '@homecam/shared';
import { z } from 'zod';
import type { CameraService } from '../../services/camera.service.js';
import { defineRoutes } from '../define-routes.js';
import type { UserCameraLists } from '../../services/user-camera-lists.js';
import { actorOf, cameraScopeOf, requireAuth } from '../request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';

/** The camera settings pages list and edit cameras too. */
const READ = { anyOf: ['cameras:access', 'settings:cameras:access', 'settings:cameras:edit'] } as const;
const EDIT = { anyOf: ['settings:cameras:edit'] } as const;

/** The body is checked by the service against cameraSchema (so the paths of errors are the camera's own). */
const cameraInputSchema = z.looseObject({}).describe('CameraInput (cameraSchema of @homecam/shared)');
const cameraPatchSchema = z
  .looseObject({})
  .describe('JSON merge patch of CameraInput: objects merge, null removes a key; a masked secret keeps the stored one');

/** Reading cameras (list, one); status and snapshots are in camera-media.routes.ts. */
export const cameraRoutes = defineRoutes<{ cameras: CameraService }>((app, { cameras }) => {
  app.get(
    '/api/cameras',
    {
      config: { access: READ },
      schema: { tags: ['cameras'], response: { 200: cameraListSchema, ...errorResponses(...AUTH_ERRORS) } },
    },
    (request) => {
      const { permissions } = requireAuth(request).user;
      return { result: cameraScopeOf(request).filter(cameras.list(), (camera) => camera.name).map((camera) => cameras.present(camera, permissions)) };
    },
  );

  app.get(
    '/api/cameras/:name',
    {
      config: { access: READ },
      schema: {
        tags: ['cameras'],
        params: cameraNameParamsSchema,
        response: { 200: cameraSchema, ...errorResponses(...AUTH_ERRORS, 404) },
      },
    },
    (request) => cameras.present(cameras.get(request.params.name), requireAuth(request).user.permissions),
  );
});

/** Changing cameras (add, add a demo, edit, delete): the camera settings' edit right. */
export const cameraEditRoutes = defineRoutes<{ cameras: CameraService; cameraLists: UserCameraLists }>((app, { cameras, cameraLists }) => {
  app.post(
    '/api/cameras',
    {
      config: { access: EDIT },
      schema: {
        tags: ['cameras'],
        body: cameraInputSchema,
        response: { 201: cameraSchema, ...errorResponses(400, ...AUTH_ERRORS, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { permissions } = user;
      const camera = await cameras.create(request.body, isAdmin(permissions), { by: actorOf(request) });
      await cameraLists.grant(user, camera.name);
      return reply.code(201).send(cameras.present(camera, permissions));
    },
  );

  app.post(
    '/api/cameras/demo',
    {
      config: { access: EDIT },
      schema: {
        tags: ['cameras'],
        description: "Adds a camera named 'Demo' ('Demo 2', ...) whose picture ffmpeg generates (source `demo:`).",
        response: { 201: cameraSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const camera = await cameras.createDemo({ by: actorOf(request) });
      await cameraLists.grant(user, camera.name);
      return reply.code(201).send(cameras.present(camera, user.permissions));
    },
  );

  app.patch(
    '/api/cameras/:name',
    {
      config: { access: EDIT },
      schema: {
        tags: ['cameras'],
        params: cameraNameParamsSchema,
        body: cameraPatchSchema,
        response: { 200: cameraSchema, ...errorResponses(400, ...AUTH_ERRORS, 404, 409) },
      },
    },
    async (request) => {
      const { permissions } = requireAuth(request).user;
      return cameras.present(await cameras.update(request.params.name, request.body, isAdmin(permissions), { by: actorOf(request) }), permissions);
    },
  );

  app.delete(
    '/api/cameras/:name',
    {
      config: { access: EDIT },
      schema: {
        tags: ['cameras'],
        params: cameraNameParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(...AUTH_ERRORS, 404) },
      },
    },
    async (request, reply) => {
      await cameras.delete(request.params.name, { by: actorOf(request) });
      return reply.code(204).send();
    },
  );
});
