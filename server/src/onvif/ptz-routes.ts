import { cameraNameParamsSchema, ptzMoveSchema, ptzPresetParamsSchema, ptzPresetRequestSchema, ptzPresetSchema, ptzStateSchema } from '@homecam/shared';
import { z } from 'zod';
import type { PtzControl } from './ptz.js';
import { defineRoutes } from '../http/define-routes.js';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';

/** Moving a camera is the viewer's right; saving or removing its presets changes the camera: the edit right. */
const MOVE = { anyOf: ['cameras:access'] } as const;
const EDIT = { anyOf: ['settings:cameras:edit'] } as const;
const CAMERA_ERRORS = [400, ...AUTH_ERRORS, 404, 409, 422, 502, 504] as const;
const done = z.object({ ok: z.literal(true) });

/** Issue 22: the camera page's PTZ pad (ContinuousMove while held, renewed; Stop on release) and presets. */
export const ptzRoutes = defineRoutes<{ ptz: PtzControl }>((app, { ptz }) => {
  const action = (path: string, run: (name: string) => Promise<void>) =>
    app.post(
      `/api/cameras/:name/ptz/${path}`,
      { config: { access: MOVE }, schema: { tags: ['ptz'], params: cameraNameParamsSchema, response: { 200: done, ...errorResponses(...CAMERA_ERRORS) } } },
      async (request) => {
        await run(request.params.name);
        return { ok: true as const };
      },
    );
  action('stop', (name) => ptz.stop(name));
  action('home', (name) => ptz.home(name));

  app.post(
    '/api/cameras/:name/ptz/move',
    {
      config: { access: MOVE },
      schema: { tags: ['ptz'], params: cameraNameParamsSchema, body: ptzMoveSchema, response: { 200: done, ...errorResponses(...CAMERA_ERRORS) } },
    },
    async (request) => {
      await ptz.move(request.params.name, request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/cameras/:name/ptz',
    { config: { access: MOVE }, schema: { tags: ['ptz'], params: cameraNameParamsSchema, response: { 200: ptzStateSchema, ...errorResponses(...CAMERA_ERRORS) } } },
    async (request) => ({ presets: await ptz.presets(request.params.name) }),
  );

  app.post(
    '/api/cameras/:name/ptz/presets/:token/goto',
    { config: { access: MOVE }, schema: { tags: ['ptz'], params: ptzPresetParamsSchema, response: { 200: done, ...errorResponses(...CAMERA_ERRORS) } } },
    async (request) => {
      await ptz.gotoPreset(request.params.name, request.params.token);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/cameras/:name/ptz/presets',
    {
      config: { access: EDIT },
      schema: { tags: ['ptz'], params: cameraNameParamsSchema, body: ptzPresetRequestSchema, response: { 201: ptzPresetSchema, ...errorResponses(...CAMERA_ERRORS) } },
    },
    async (request, reply) => reply.code(201).send(await ptz.savePreset(request.params.name, request.body.name)),
  );

  app.delete(
    '/api/cameras/:name/ptz/presets/:token',
    { config: { access: EDIT }, schema: { tags: ['ptz'], params: ptzPresetParamsSchema, response: { 200: done, ...errorResponses(...CAMERA_ERRORS) } } },
    async (request) => {
      await ptz.removePreset(request.params.name, request.params.token);
      return { ok: true as const };
    },
  );
});
