import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { expectError } from './helpers/http.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';

const INDEX = '<!doctype html><html><body><div id="root"></div><script src="/assets/app-1a2b.js"></script></body></html>';

describe('with a built web app', () => {
  let app: HomecamApp;
  beforeAll(async () => {
    const webDir = await makeDataDir();
    await mkdir(join(webDir, 'assets'));
    await writeFile(join(webDir, 'index.html'), INDEX);
    await writeFile(join(webDir, 'assets', 'app-1a2b.js'), 'console.log("app")');
    await writeFile(join(webDir, 'manifest.webmanifest'), '{}');
    await writeFile(join(webDir, '.env'), 'SECRET=1');
    app = await createTestApp({ webDir });
  });
  afterAll(() => app.close());

  it('serves index.html at / and for every client-side route (history mode), never cached', async () => {
    for (const url of ['/', '/dashboard', '/cameras/front%20door/feed', '/settings/account?x=1', '/start']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(INDEX);
    }
  });

  it('serves existing files, hashed assets cached for good', async () => {
    const asset = await app.inject({ url: '/assets/app-1a2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log("app")');
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.body).toBe('{}');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('answers HEAD like GET', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/assets/app-1a2b.js' });
    expect(response.statusCode).toBe(200);
  });

  it('never serves dot files or anything outside the web dir', async () => {
    for (const url of ['/.env', '/..%2F..%2Fetc%2Fpasswd', '/%2e%2e/%2e%2e/etc/passwd']) {
      const response = await app.inject({ url });
      expect(response.body, url).toBe(INDEX);
    }
    expectError(await app.inject({ url: '/assets/..%2F.env' }), 404, 'NOT_FOUND');
  });

  it('answers a missing asset with 404, not index.html (an old page asking for chunks replaced by an upgrade)', async () => {
    for (const url of ['/assets/CamerasPage-old1234.js', '/assets/index-old.css', '/sw.js', '/icons/missing.png']) {
      expectError(await app.inject({ url }), 404, 'NOT_FOUND');
    }
    // A camera name with a dot is still an app route.
    expect((await app.inject({ url: '/cameras/Cam.1' })).body).toBe(INDEX);
  });

  it('answers unknown server paths with the JSON 404 envelope, not index.html', async () => {
    for (const url of ['/api/nope', '/api', '/api/users/1/nope', '/files', '/files/a/b', '/socket.io/x']) {
      const response = await app.inject({ url });
      expectError(response, 404, 'NOT_FOUND');
    }
    expectError(await app.inject({ method: 'POST', url: '/api/nope' }), 404, 'NOT_FOUND');
    expectError(await app.inject({ method: 'DELETE', url: '/dashboard' }), 404, 'NOT_FOUND');
  });
});

describe('without a built web app', () => {
  let app: HomecamApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('serves a small page saying to run npm run build', async () => {
    for (const url of ['/', '/dashboard']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('npm run build');
    }
  });

  it('GET /api/health is public', async () => {
    const response = await app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('publishes the OpenAPI document generated from the zod schemas, and its UI', async () => {
    const doc = await app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const openapi = doc.json<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>();
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/users', '/api/users/{id}', '/api/users/{id}/photo', '/api/config/{section}', '/files/{name}']),
    );
    expect(JSON.stringify(openapi.paths['/api/users']?.post?.requestBody)).toContain('permissionLevel');
    // The web catch-all and the docs themselves stay out of the document.
    expect(Object.keys(openapi.paths).some((path) => path.startsWith('/api/docs') || path.includes('*'))).toBe(false);
    const ui = await app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/^text\/html/);
  });
});
