import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/** Paths that belong to the server, never to the web app's history-mode routing. */
const SERVER_PREFIXES = ['/api', '/files', '/socket.io'];

function isServerPath(path: string): boolean {
  return SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Requests for build output that is not there (a page left open across an upgrade asks for the old hashed
 * chunks): a 404, never index.html, which the browser would try to run as a script and fail with a
 * confusing MIME error instead of the app's reload screen. App routes have no such extension.
 */
const ASSET_PATH = /^\/assets\/|\.(?:m?js|css|map|png|jpe?g|svg|ico|webp|webmanifest|woff2?)$/i;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>HomeCam</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:4rem auto">
<h1>HomeCam</h1><p>The server is running, but the web app has not been built yet.</p>
<p>Run <code>npm run build</code> in the HomeCam folder, then restart (or use <code>npm start</code>, which builds for you).</p>
</body></html>
`;

/** The built web app's files (repositories/web-assets.repository.ts reads them). */
export interface WebAssets {
  /** Whether web/dist exists at all. */
  readonly available: boolean;
  readonly root: string;
  /** The file a URL path names, relative to the root; undefined when there is none. */
  findFile(urlPath: string): Promise<string | undefined>;
}

/**
 * Serves web/dist with history-mode fallback: a GET that is not a server path and not an existing file answers
 * index.html, so deep links like /cameras/front work. Hashed assets are cached for good; index.html never.
 */
export const webRoutes: FastifyPluginAsync<{ assets: WebAssets }> = async (app, { assets }) => {
  if (assets.available) await app.register(fastifyStatic, { root: assets.root, serve: false });

  app.get<{ Params: { '*': string } }>(
    '/*',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const path = `/${request.params['*']}`;
      // The not-found handler: its answer, and its rate limit against path scanning (http/limits.ts).
      if (isServerPath(path)) return reply.callNotFound();
      if (!assets.available) return reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      const file = await assets.findFile(path);
      if (file === undefined && ASSET_PATH.test(path)) return reply.callNotFound();
      if (file === undefined || file === 'index.html') {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
      }
      const immutable = file.startsWith('assets/');
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply.sendFile(file, { cacheControl: false });
    },
  );
};
