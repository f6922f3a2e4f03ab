import {
  continuousSettingsPatchSchema, continuousSettingsResponseSchema, exportListSchema, exportPatchSchema, exportRequestSchema, exportSchema, idParamsSchema, isAdmin,
} from '@homecam/shared';
import type { FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import { z } from 'zod';
import type { RoutesApp } from '../http/define-routes.js';
import { cameraScopeOf, requireAuth } from '../http/request-auth.js';
import type { CameraScope } from '../services/camera-scope.js';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';
import type { Caller } from './exporter.js';
import type { ContinuousRouteDeps } from './route-deps.js';

const VIEW = { anyOf: ['recordings:access'] } as const;
const SETTINGS_READ = { anyOf: ['settings:recordings:access', 'settings:recordings:edit'] } as const;
const SETTINGS_EDIT = { anyOf: ['settings:recordings:edit'] } as const;

function caller(request: FastifyRequest): Caller {
  const { user } = requireAuth(request);
  return { id: user.id, admin: isAdmin(user.permissions), scope: cameraScopeOf(request) };
}

/** Issue 21: the per-camera lines of the 24/7 settings, of the caller's cameras only (the totals are the disk's). */
function ownCameras<T extends { cameras: { camera: string }[] }>(answer: T, scope: CameraScope): T {
  return { ...answer, cameras: scope.filter(answer.cameras, (line) => line.camera) };
}

/** `attachment; filename="…"` with an ASCII fallback and the UTF-8 name (RFC 6266), never a path or a quote. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\w .()-]/g, '_').slice(0, 120) || 'export';
  return `attachment; filename="${ascii}.mp4"; filename*=UTF-8''${encodeURIComponent(`${name}.mp4`)}`;
}

/** Exports (own ones; an admin sees and deletes all) and the 24/7 settings. */
export function exportRoutes(app: RoutesApp, { footage, exporter, settings }: ContinuousRouteDeps): void {
  app.post('/api/exports', {
    config: { access: VIEW },
    schema: {
      tags: ['continuous'], description: 'Exports [from, to) (≤ 24 h) of each camera into an MP4 (-c copy) in the background; progress over the socket (`exportProgress`) and GET.',
      body: exportRequestSchema, response: { 202: exportListSchema, ...errorResponses(400, ...AUTH_ERRORS, 404) },
    },
  }, async (request, reply) => {
    const cameras = request.body.cameras.map((name) => footage.camera(name, cameraScopeOf(request)).name);
    return reply.code(202).send({ result: await exporter.create(caller(request), { ...request.body, cameras }) });
  });

  app.get('/api/exports', {
    config: { access: VIEW },
    schema: { tags: ['continuous'], description: 'The caller\'s exports, newest first (an admin: everyone\'s).', response: { 200: exportListSchema, ...errorResponses(...AUTH_ERRORS) } },
  }, async (request) => ({ result: await exporter.list(caller(request)) }));

  app.get('/api/exports/:id', {
    config: { access: VIEW },
    schema: { tags: ['continuous'], params: idParamsSchema, response: { 200: exportSchema, ...errorResponses(...AUTH_ERRORS, 404) } },
  }, (request) => exporter.get(caller(request), request.params.id));

  app.patch('/api/exports/:id', {
    config: { access: VIEW },
    schema: { tags: ['continuous'], description: 'Renames an export (its owner or an admin).', params: idParamsSchema, body: exportPatchSchema, response: { 200: exportSchema, ...errorResponses(400, ...AUTH_ERRORS, 404) } },
  }, (request) => exporter.rename(caller(request), request.params.id, request.body.name));

  app.delete('/api/exports/:id', {
    config: { access: VIEW },
    schema: { tags: ['continuous'], description: 'Deletes an export and its file (its owner or an admin).', params: idParamsSchema, response: { 204: z.undefined(), ...errorResponses(...AUTH_ERRORS, 404) } },
  }, async (request, reply) => {
    await exporter.delete(caller(request), request.params.id);
    return reply.code(204).send();
  });

  app.get('/api/exports/:id/download', {
    // The cookie too: a download link cannot send an Authorization header.
    config: { access: VIEW, acceptSessionCookie: true },
    schema: { tags: ['continuous'], description: 'The finished MP4 as an attachment.', params: idParamsSchema, response: { 200: z.unknown(), ...errorResponses(...AUTH_ERRORS, 404) } },
  }, async (request, reply) => {
    const file = await exporter.file(caller(request), request.params.id);
    return reply.type('video/mp4').header('content-length', String(file.size)).header('content-disposition', attachment(file.name)).header('cache-control', 'private, no-store').send(createReadStream(file.path));
  });

  app.get('/api/settings/recordings/continuous', {
    config: { access: SETTINGS_READ },
    schema: {
      tags: ['settings'], description: '24/7 recording: segment length, days per tier, caps, minimum free space, and per camera the days held, bytes per day and the days the cap holds at that rate.',
      response: { 200: continuousSettingsResponseSchema, ...errorResponses(...AUTH_ERRORS) },
    },
  }, async (request) => ownCameras(await settings.get(), cameraScopeOf(request)));

  app.patch('/api/settings/recordings/continuous', {
    config: { access: SETTINGS_EDIT },
    schema: {
      tags: ['settings'], description: 'Partial update of segmentSeconds, retain {all, motion, events} (days), maxSizeGB, cameraMaxSizeGB (null clears a cap).',
      body: continuousSettingsPatchSchema, response: { 200: continuousSettingsResponseSchema, ...errorResponses(400, ...AUTH_ERRORS) },
    },
  }, async (request) => ownCameras(await settings.patch(request.body), cameraScopeOf(request)));
}
