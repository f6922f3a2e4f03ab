import { deleteManyResponseSchema, deleteManySchema, eventListQuerySchema, idParamsSchema, recordingListSchema, recordingSchema } from '@homecam/shared';
import { z } from 'zod';
import type { RecordingService } from '../../services/recording.service.js';
import { defineRoutes } from '../define-routes.js';
import { actorOf, cameraScopeOf } from '../request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../schemas.js';

const VIEW = { anyOf: ['recordings:access'] } as const;
const EDIT = { anyOf: ['settings:recordings:edit'] } as const;

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` (one range); null = whole file; 'invalid' = 416. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return header.includes(',') ? null : 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

export const recordingRoutes = defineRoutes<{ recordings: RecordingService }>((app, { recordings }) => {
  app.get(
    '/api/recordings',
    {
      config: { access: VIEW },
      schema: {
        tags: ['recordings'],
        description: 'Newest first; filters cameras, rooms, labels, types (Snapshot, Video), from/to; `cursor` = the previous `nextCursor`.',
        querystring: eventListQuerySchema,
        response: { 200: recordingListSchema, ...errorResponses(400, ...AUTH_ERRORS) },
      },
    },
    (request) => recordings.list(request.query, cameraScopeOf(request)),
  );

  app.get(
    '/api/recordings/:id',
    {
      config: { access: VIEW },
      schema: { tags: ['recordings'], params: idParamsSchema, response: { 200: recordingSchema, ...errorResponses(...AUTH_ERRORS, 404) } },
    },
    (request) => recordings.get(request.params.id, cameraScopeOf(request)),
  );

  app.delete(
    '/api/recordings/:id',
    {
      config: { access: EDIT },
      schema: { tags: ['recordings'], params: idParamsSchema, response: { 204: z.undefined(), ...errorResponses(...AUTH_ERRORS, 404) } },
    },
    async (request, reply) => {
      await recordings.delete(request.params.id, actorOf(request), cameraScopeOf(request));
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/recordings',
    {
      config: { access: EDIT },
      schema: {
        tags: ['recordings'],
        description: 'Body `{ ids }` removes those; no body removes all finished recordings (rows and files).',
        body: deleteManySchema,
        response: { 200: deleteManyResponseSchema, ...errorResponses(400, ...AUTH_ERRORS) },
      },
    },
    async (request) => ({ removed: await recordings.deleteMany(request.body?.ids, actorOf(request), cameraScopeOf(request)) }),
  );

  app.get(
    '/files/recordings/:camera/:date/:file',
    {
      // Like /files/:name: the cookie is accepted because <video src> cannot send an Authorization header.
      config: { access: VIEW, acceptSessionCookie: true },
      schema: {
        tags: ['files'],
        description: 'A clip, picture or thumbnail; HTTP range requests (206) so videos seek.',
        params: z.object({ camera: z.string(), date: z.string(), file: z.string() }),
        response: { 200: z.unknown(), 206: z.unknown(), 416: z.undefined(), ...errorResponses(...AUTH_ERRORS, 404) },
      },
    },
    async (request, reply) => {
      const { camera, date, file: name } = request.params;
      const relative = `${camera}/${date}/${name}`;
      const file = await recordings.file(relative, cameraScopeOf(request));
      reply.type(file.contentType).header('accept-ranges', 'bytes').header('cache-control', 'private, max-age=3600');
      const range = parseRange(request.headers.range, file.size);
      if (range === 'invalid') {
        return reply.code(416).header('content-range', `bytes */${file.size}`).send();
      }
      if (!range) return reply.header('content-length', String(file.size)).send(recordings.stream(file));
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('content-length', String(range.end - range.start + 1))
        .send(recordings.stream(file, range));
    },
  );
});
