import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { FakeHttpServer, RSS_SAMPLE } from './helpers/fake-widget-sources.js';
import { expectError } from './helpers/http.js';
import { createTestApp } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * The app as shipped (no test override of the address check): a feed URL a user types never reaches this machine
 * or the home network, however it is written. A real feed server listens on loopback and must see no request.
 */
let app: HomecamApp;
let feeds: FakeHttpServer;
let token: string;

beforeAll(async () => {
  feeds = await FakeHttpServer.start();
  feeds.on('/rss', (_request, response) => response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(RSS_SAMPLE));
  app = await createTestApp();
  ({ token } = await signedInUser(app, ['dashboard:access']));
});
afterAll(async () => {
  await app.close();
  await feeds.close();
});

describe('feed URLs to internal addresses', () => {
  it('refuses loopback, private, link-local and local names with FEED_ADDRESS_REFUSED, sending nothing', async () => {
    const port = new URL(feeds.base).port;
    const urls = [
      `http://127.0.0.1:${port}/rss`,
      `http://localhost:${port}/rss`,
      `http://LOCALHOST.:${port}/rss`,
      `http://feeds.localhost:${port}/rss`,
      `http://[::1]:${port}/rss`,
      `http://[::ffff:127.0.0.1]:${port}/rss`,
      `http://2130706433:${port}/rss`, // 127.0.0.1 as one number
      `http://0x7f.1:${port}/rss`,
      'http://10.0.0.1/rss',
      'http://192.168.1.1/rss',
      'http://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0/rss',
    ];
    for (const url of urls) {
      const response = await app.inject({ method: 'GET', url: `/api/dashboard/feed?url=${encodeURIComponent(url)}`, headers: bearer(token) });
      expectError(response, 400, 'FEED_ADDRESS_REFUSED');
    }
    expect(feeds.requests).toEqual([]);
  });
});
