import { cameraNameParamsSchema, idParamsSchema, playlistQuerySchema, previewQuerySchema, timelineQuerySchema, timelineSchema } from '@homecam/shared';
import { createReadStream } from 'node:fs';
import { z } from 'zod';
import { defineRoutes } from '../http/define-routes.js';
import { parseRange } from '../http/recordings/recordings.routes.js';
import { cameraScopeOf, requireAuth } from '../http/request-auth.js';
import { AUTH_ERRORS, errorResponses } from '../http/schemas.js';
import { exportRoutes } from './routes-exports.js';
import type { ContinuousRouteDeps } from './route-deps.js';
import { reviewRoutes } from './routes-review.js';

export type { ContinuousRouteDeps } from './route-deps.js';

const VIEW = { anyOf: ['recordings:access'] } as const;


/**
 * The 24/7 API: HLS VOD playback (playlist + segment bytes with Range), the timeline, previews, review; exports and
 * settings in routes-exports.ts. Everything needs recordings:access (the settings: settings:recordings:*), with the
 * normal bearer token (hls.js sets the header), and a camera that exists.
 */
export const continuousRoutes = defineRoutes<ContinuousRouteDeps>((app, deps) => {
  const { footage } = deps;

  app.get('/api/cameras/:name/recording/playlist.m3u8', {
    config: { access: VIEW },
    schema: {
      tags: ['continuous'],
      description: 'HLS VOD over the footage of [from, to) (epoch ms, ≤ 24 h): fMP4 segments (EXT-X-MAP + byte ranges), EXT-X-PROGRAM-DATE-TIME per segment, EXT-X-DISCONTINUITY at gaps and init changes.',
      params: cameraNameParamsSchema, querystring: playlistQuerySchema,
      response: { 200: z.string(), ...errorResponses(400, ...AUTH_ERRORS, 404) },
    },
  }, async (request, reply) => {
    const text = await footage.playlist(request.params.name, request.query.from, request.query.to, (id) => `/api/recordings/segments/${encodeURIComponent(id)}`);
    return reply.type('application/vnd.apple.mpegurl').header('cache-control', 'private, no-cache').send(text);
  });

  app.get('/api/recordings/segments/:id', {
    config: { access: VIEW },
    schema: {
      tags: ['continuous'], description: 'The bytes of one segment (the playlist addresses its init and media by byte range): 206 with Range.',
      params: idParamsSchema, response: { 200: z.unknown(), 206: z.unknown(), 416: z.undefined(), ...errorResponses(...AUTH_ERRORS, 404) },
    },
  }, async (request, reply) => {
    const file = await footage.segment(request.params.id, cameraScopeOf(request));
    reply.type('video/mp4').header('accept-ranges', 'bytes').header('cache-control', 'private, max-age=3600');
    const range = parseRange(request.headers.range, file.size);
    if (range === 'invalid') return reply.code(416).header('content-range', `bytes */${file.size}`).send();
    if (!range) return reply.header('content-length', String(file.size)).send(createReadStream(file.path));
    return reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`).header('content-length', String(range.end - range.start + 1)).send(createReadStream(file.path, range));
  });

  app.get('/api/cameras/:name/recording/preview', {
    config: { access: VIEW, acceptSessionCookie: true },
    schema: {
      tags: ['continuous'], description: 'A 320 px JPEG of the camera-minute `at` falls in (a keyframe decoded on first request, then cached).',
      params: cameraNameParamsSchema, querystring: previewQuerySchema, response: { 200: z.unknown(), ...errorResponses(400, ...AUTH_ERRORS, 404) },
    },
  }, async (request, reply) => {
    const jpeg = await footage.preview(request.params.name, request.query.at);
    return reply.type('image/jpeg').header('cache-control', 'private, max-age=86400').send(jpeg);
  });

  app.get('/api/timeline', {
    config: { access: VIEW },
    schema: {
      tags: ['continuous'], description: 'Per camera over [from, to) (≤ 7 days): footage spans and gaps, motion intensity buckets, event markers, review items.',
      querystring: timelineQuerySchema, response: { 200: timelineSchema, ...errorResponses(400, ...AUTH_ERRORS, 404) },
    },
  }, (request) => footage.timeline(request.query, requireAuth(request).user.id, cameraScopeOf(request)));

  reviewRoutes(app, deps);
  exportRoutes(app, deps);
});
