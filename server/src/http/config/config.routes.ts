import {
  APP_VERSION,
  configFileSchema,
  configStatSchema,
  configWriteBodySchema,
  configWriteQuerySchema,
  uiConfigSchema,
} from '@homecam/shared';
import { z } from 'zod';
import type { ConfigService } from '../../services/config.service.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';
import { defineRoutes } from '../define-routes.js';

export const APP_NAME = 'HomeCam';

const sectionParams = z.object({ section: z.string().min(1) });

export const configRoutes = defineRoutes<{ config: ConfigService }>((app, { config }) => {
  app.get(
    '/api/config/ui',
    { config: { access: 'public' }, schema: { tags: ['config'], response: { 200: uiConfigSchema } } },
    () => ({ version: APP_VERSION, name: APP_NAME }),
  );

  app.get(
    '/api/config',
    {
      config: { access: 'admin' },
      schema: { tags: ['config'], response: { 200: configFileSchema, ...errorResponses(...AUTH_ERRORS) } },
    },
    () => config.get(),
  );

  app.put(
    '/api/config',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['config'],
        description:
          'Replaces the whole config.json (the config editor); validated, then written atomically. Removing every camera or a ' +
          'top-level key needs ?confirm=remove-cameras / remove-sections, else 409 CONFIG_DESTRUCTIVE.',
        querystring: configWriteQuerySchema,
        body: configWriteBodySchema,
        response: { 200: configFileSchema, ...errorResponses(400, ...AUTH_ERRORS, 409) },
      },
    },
    (request) => config.replace(request.body, request.query.confirm),
  );

  app.patch(
    '/api/config',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['config'],
        description:
          'A JSON merge patch (RFC 7396) of config.json: null removes a key, objects merge, arrays replace. The result is ' +
          'validated and written atomically; the same ?confirm= rule as PUT.',
        querystring: configWriteQuerySchema,
        body: configWriteBodySchema,
        response: { 200: configFileSchema, ...errorResponses(400, ...AUTH_ERRORS, 409) },
      },
    },
    (request) => config.patch(request.body, request.query.confirm),
  );

  app.get(
    '/api/config/download',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['config'],
        response: { 200: z.unknown().describe('config.json as an attachment'), ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async (_request, reply) =>
      reply
        .type('application/json')
        .header('content-disposition', 'attachment; filename="config.json"')
        .header('cache-control', 'no-store')
        .send(Buffer.from(await config.raw())), // a Buffer skips the JSON serializer: sent byte for byte
  );

  app.get(
    '/api/config/stat',
    {
      config: { access: 'admin' },
      schema: { tags: ['config'], response: { 200: configStatSchema, ...errorResponses(...AUTH_ERRORS) } },
    },
    () => config.stat(),
  );

  app.get(
    '/api/config/:section',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['config'],
        params: sectionParams,
        response: { 200: z.unknown(), ...errorResponses(...AUTH_ERRORS, 404) },
      },
    },
    (request) => config.getSection(request.params.section),
  );

  app.patch(
    '/api/config/:section',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['config'],
        description:
          "A JSON merge patch (RFC 7396) of one top-level section; the whole file is validated (errors name e.g. 'mqtt.port'). " +
          'null removes the section, which needs ?confirm=remove-sections.',
        params: sectionParams,
        querystring: configWriteQuerySchema,
        body: z.unknown(),
        response: { 200: configFileSchema, ...errorResponses(400, ...AUTH_ERRORS, 404, 409) },
      },
    },
    // Fastify gives null for a request without a body; only a JSON `null` (with its content type) removes the section.
    (request) => {
      const value = request.body === null && request.headers['content-type'] === undefined ? undefined : request.body;
      return config.patchSection(request.params.section, value, request.query.confirm);
    },
  );
});
