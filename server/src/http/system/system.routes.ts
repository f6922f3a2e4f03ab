import {
  atHomePatchSchema,
  atHomeSettingsSchema,
  restartResponseSchema,
  systemDiskSchema,
  systemInfoSchema,
  systemStatusSchema,
} from '@homecam/shared';
import type { SystemService } from '../../services/system.service.js';
import { defineRoutes } from '../define-routes.js';
import { actorOf, cameraScopeOf } from '../request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';

const GENERAL_READ = { anyOf: ['settings:general:access', 'settings:general:edit'] } as const;
const GENERAL_EDIT = { anyOf: ['settings:general:edit'] } as const;
const DASHBOARD = { anyOf: ['dashboard:access'] } as const;

/** Settings → System (admin), the dashboard's Status and Disk widgets, At Home, and the restart. */
export const systemRoutes = defineRoutes<{ system: SystemService }>((app, { system }) => {
  app.get(
    '/api/system/info',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['system'],
        description: 'Version, uptimes, Node and ffmpeg (version, path, origin), data and recordings directory with disk space, log level, OS, supervised, At Home.',
        response: { 200: systemInfoSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    () => system.info(),
  );

  app.get(
    '/api/system/status',
    {
      config: { access: DASHBOARD },
      schema: { tags: ['system'], description: 'Version, process uptime, cameras online/total.', response: { 200: systemStatusSchema, ...errorResponses(...AUTH_ERRORS) } },
    },
    (request) => system.status(cameraScopeOf(request)),
  );

  app.get(
    '/api/system/disk',
    {
      config: { access: DASHBOARD },
      schema: { tags: ['system'], description: 'Free/total bytes of the recordings file system and the recordings size (no paths).', response: { 200: systemDiskSchema, ...errorResponses(...AUTH_ERRORS) } },
    },
    () => system.disk(),
  );

  app.post(
    '/api/system/restart',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['system'],
        description: '202, then the server stops cleanly and exits with 75 for the start script or process manager to start it again. 409 RESTART_UNAVAILABLE when nothing would.',
        response: { 202: restartResponseSchema, ...errorResponses(...AUTH_ERRORS, 409) },
      },
    },
    async (request, reply) => {
      system.requestRestart(actorOf(request));
      return reply.code(202).send({ restarting: true as const });
    },
  );

  app.get(
    '/api/settings/at-home',
    {
      config: { access: GENERAL_READ },
      schema: { tags: ['settings'], description: 'At Home and the cameras whose motion still counts.', response: { 200: atHomeSettingsSchema, ...errorResponses(...AUTH_ERRORS) } },
    },
    (request) => system.atHome(cameraScopeOf(request)),
  );

  app.patch(
    '/api/settings/at-home',
    {
      config: { access: GENERAL_EDIT },
      schema: {
        tags: ['settings'],
        description: 'Switches At Home and/or replaces the exclude list (existing camera names only, else 400); applied at once.',
        body: atHomePatchSchema,
        response: { 200: atHomeSettingsSchema, ...errorResponses(400, ...AUTH_ERRORS) },
      },
    },
    (request) => system.patchAtHome(request.body, actorOf(request), cameraScopeOf(request)),
  );
});
