import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { isInternalAddress } from '../src/security/public-address.js';
import { FEED_MAX_BYTES } from '../src/services/feed.service.js';
import { ATOM_SAMPLE, FakeHttpServer, RSS_SAMPLE } from './helpers/fake-widget-sources.js';
import { expectError } from './helpers/http.js';
import { createTestApp } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * The feed route through the real app against a local fake feed server. Here the fake's address (127.0.0.1) counts
 * as public (the test-only `feedAddressRefused`), every other internal address stays refused, so redirects into
 * the network are still caught; dashboard-feed-refusal.test.ts proves the refusal with the real check.
 */
let app: HomecamApp;
let feeds: FakeHttpServer;
let token: string;

beforeAll(async () => {
  feeds = await FakeHttpServer.start();
  const xml = (body: string) => (_request: unknown, response: ServerResponse) =>
    response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(body);
  feeds
    .on('/rss', xml(RSS_SAMPLE))
    .on('/atom', xml(ATOM_SAMPLE))
    .on('/html', xml('<!doctype html><html><body>not a feed</body></html>'))
    .on('/huge', (_request, response) => {
      // No content-length: the cap must hold while streaming.
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const write = (): void => {
        while (sent <= FEED_MAX_BYTES + chunk.length) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', write);
        }
        response.end();
      };
      write();
    })
    .on('/slow', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      response.write('<?xml version="1.0"?><rss version="2.0"><channel>'); // and never more
    })
    .on('/moved', (_request, response) => response.writeHead(302, { location: '/rss' }).end())
    .on('/to-private', (_request, response) => response.writeHead(302, { location: 'http://10.0.0.1/feed' }).end())
    .on('/to-loopback', (request, response) => {
      const port = request.socket.localPort ?? 0;
      response.writeHead(301, { location: `http://127.0.0.2:${port}/rss` }).end();
    })
    .on('/loop', (_request, response) => response.writeHead(302, { location: '/loop' }).end())
    .on('/gone', (_request, response) => response.writeHead(404).end());
  app = await createTestApp({
    feedAddressRefused: (address) => address !== '127.0.0.1' && isInternalAddress(address),
    widgetFetchTimeoutMs: 1_000,
  });
  ({ token } = await signedInUser(app, ['dashboard:access']));
});
afterAll(async () => {
  await app.close();
  await feeds.close();
});

const feed = (url: string, query = '', who = token) =>
  app.inject({ method: 'GET', url: `/api/dashboard/feed?url=${encodeURIComponent(url)}${query}`, headers: bearer(who) });

describe('GET /api/dashboard/feed', () => {
  it('maps RSS 2.0 to plain text: HTML and scripts stripped, only http(s) links, ISO dates', async () => {
    const response = await feed(`${feeds.base}/rss`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      title: 'Example & News',
      link: 'https://news.example/',
      items: [
        { title: 'Bold headline', link: 'https://news.example/a', published: '2026-11-24T10:00:00.000Z', summary: 'Hello world & more' },
        { title: 'Second', link: null, published: null, summary: '' },
        { title: 'Third', link: 'https://news.example/relative/path'.replace('https://news.example', feeds.base), published: null, summary: '' },
      ],
    });
  });

  it('maps Atom and honours limit', async () => {
    const response = await feed(`${feeds.base}/atom`, '&limit=1');
    expect(response.json()).toEqual({
      title: 'Atom Blog',
      link: 'https://blog.example/',
      items: [{ title: 'First post', link: 'https://blog.example/1', published: '2026-11-23T09:30:00.000Z', summary: 'Summary one' }],
    });
    const second = (await feed(`${feeds.base}/atom`)).json<{ items: unknown[] }>().items[1];
    expect(second).toEqual({ title: 'Second post', link: null, published: '2026-11-22T07:00:00.000Z', summary: 'Body' });
  });

  it('caches per URL and shares concurrent fetches', async () => {
    const before = feeds.count('/rss');
    const url = `${feeds.base}/rss?cache=1`;
    const answers = await Promise.all([1, 2, 3].map(() => feed(url)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    await feed(url, '&limit=2');
    expect(feeds.count('/rss')).toBe(before + 1);
  });

  it('follows a redirect on the same checks, and refuses one into the network', async () => {
    expect((await feed(`${feeds.base}/moved`)).json()).toMatchObject({ title: 'Example & News' });
    expectError(await feed(`${feeds.base}/to-private`), 400, 'FEED_ADDRESS_REFUSED');
    expectError(await feed(`${feeds.base}/to-loopback`), 400, 'FEED_ADDRESS_REFUSED');
    expectError(await feed(`${feeds.base}/loop`), 502, 'FEED_UNREACHABLE');
  });

  it('refuses a body over the size cap, a body that never ends, and answers that are no feed', async () => {
    expectError(await feed(`${feeds.base}/huge`), 502, 'FEED_TOO_LARGE');
    const started = Date.now();
    expectError(await feed(`${feeds.base}/slow`), 502, 'FEED_UNREACHABLE');
    expect(Date.now() - started).toBeLessThan(5_000);
    expectError(await feed(`${feeds.base}/html`), 502, 'FEED_INVALID');
    expectError(await feed(`${feeds.base}/gone`), 502, 'FEED_UNREACHABLE');
  });

  it('refuses URLs that are not plain http(s) with FEED_URL_INVALID', async () => {
    for (const bad of ['', 'not a url', 'ftp://example.com/feed', 'file:///etc/passwd', 'javascript:alert(1)', 'https://user:pw@example.com/feed', `https://example.com/${'a'.repeat(2048)}`]) {
      expectError(await feed(bad), 400, 'FEED_URL_INVALID');
    }
    expectError(await feed(`${feeds.base}/rss`, '&limit=0'), 400, 'VALIDATION_FAILED');
  });

  it('limits each user to 30 uncached fetches a minute', async () => {
    const { token: busy } = await signedInUser(app, ['dashboard:access']);
    for (let n = 0; n < 30; n++) expect((await feed(`${feeds.base}/rss?n=${n}`, '', busy)).statusCode).toBe(200);
    const refused = await feed(`${feeds.base}/rss?n=30`, '', busy);
    expectError(refused, 429, 'DASHBOARD_FETCH_RATE_LIMITED');
    expect(refused.json()).toMatchObject({ error: { details: { retryAfterSeconds: expect.any(Number) as number } } });
    // A cached feed still answers, and another user has a budget of its own.
    expect((await feed(`${feeds.base}/rss?n=3`, '', busy)).statusCode).toBe(200);
    expect((await feed(`${feeds.base}/rss?n=30`)).statusCode).toBe(200);
  });
});
