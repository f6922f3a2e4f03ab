import { CONFIG_MAX_BYTES, configFileSchema, configWriteBodySchema, configWriteQuerySchema } from '@homecam/shared';
import { z } from 'zod';
import type { ConfigService } from '../../services/config.service.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';
import { defineRoutes } from '../define-routes.js';
import { actorOf } from '../request-auth.js';
import { sectionParams } from './config.routes.js';

/**
 * A body may be as large as config.json may be (finding N9): the file is written with two-space indentation, so a
 * file within CONFIG_MAX_BYTES is within it as the editor's compact JSON too, and a config the PATCH routes let
 * grow can always be PUT back. What the file would weigh is checked again when it is written (CONFIG_TOO_LARGE).
 */
const CONFIG_BODY_LIMIT = CONFIG_MAX_BYTES;

type ParamsPart<Params> = Params extends z.ZodType ? { params: Params } : object;

/**
 * What every write of config.json shares: admin only, the body limit, the ?confirm= / ?ifModifiedAt= rules, and
 * the written file as the answer.
 */
function configWriteOptions<Body extends z.ZodType, Params extends z.ZodType | undefined = undefined>(
  description: string,
  body: Body,
  params?: Params,
) {
  return {
    config: { access: 'admin' as const },
    bodyLimit: CONFIG_BODY_LIMIT,
    schema: {
      tags: ['config'],
      description,
      querystring: configWriteQuerySchema,
      body,
      // Fastify warns about a params key without a schema, so it is left out for the whole-file routes.
      ...((params === undefined ? {} : { params }) as ParamsPart<Params>),
      // Only a section can be missing.
      response: { 200: configFileSchema, ...errorResponses(400, ...AUTH_ERRORS, 409), ...(params ? errorResponses(404) : {}) },
    },
  };
}

/** Writing config.json (the config editor): replace, merge patch, and merge patch of one section. Admin only. */
export const configWriteRoutes = defineRoutes<{ config: ConfigService }>((app, { config }) => {
  app.put(
    '/api/config',
    configWriteOptions(
      'Replaces the whole config.json (the config editor); validated, then written atomically. Removing every camera or a ' +
        'top-level key needs ?confirm=remove-cameras / remove-sections, else 409 CONFIG_DESTRUCTIVE. With ?ifModifiedAt= (the ' +
        "stat's modifiedAt) a file modified since is not overwritten: 409 CONFIG_CHANGED.",
      configWriteBodySchema,
    ),
    (request) => config.replace(request.body, request.query.confirm, request.query.ifModifiedAt, actorOf(request)),
  );

  app.patch(
    '/api/config',
    configWriteOptions(
      'A JSON merge patch (RFC 7396) of config.json: null removes a key, objects merge, arrays replace. The result is ' +
        'validated and written atomically; the same ?confirm= rule as PUT.',
      configWriteBodySchema,
    ),
    (request) => config.patch(request.body, request.query.confirm, request.query.ifModifiedAt, actorOf(request)),
  );

  app.patch(
    '/api/config/:section',
    configWriteOptions(
      "A JSON merge patch (RFC 7396) of one top-level section; the whole file is validated (errors name e.g. 'mqtt.port'). " +
        'null removes the section, which needs ?confirm=remove-sections.',
      z.unknown(),
      sectionParams,
    ),
    // Fastify gives null for a request without a body; only a JSON `null` (with its content type) removes the section.
    (request) => {
      const value = request.body === null && request.headers['content-type'] === undefined ? undefined : request.body;
      return config.patchSection(request.params.section, value, request.query.confirm, request.query.ifModifiedAt, actorOf(request));
    },
  );
});
