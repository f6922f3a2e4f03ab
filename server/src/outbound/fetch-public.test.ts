import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeHttpServer } from '../../test/helpers/fake-widget-sources.js';
import { isInternalAddress } from '../security/public-address.js';
import { createPublicFetch, OutboundError } from './fetch-public.js';

let server: FakeHttpServer;
let port: string;
const OPTIONS = { timeoutMs: 2_000, maxBytes: 1024, accept: 'text/plain' };

beforeAll(async () => {
  server = await FakeHttpServer.start();
  port = new URL(server.base).port;
  server
    .on('/hello', (request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end(`host=${request.headers.host ?? ''}`))
    .on('/to-other-name', (_request, response) => response.writeHead(302, { location: `http://other.test:${port}/hello` }).end());
});
afterAll(() => server.close());

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutboundError) return error.reason;
    throw error;
  }
  return 'no error';
}

describe('fetchPublic', () => {
  it('refuses a name that resolves to an internal address (real check), before connecting', async () => {
    const fetch = createPublicFetch({ resolve: () => Promise.resolve(['93.184.215.14', '127.0.0.1']) });
    expect(await failure(fetch(new URL(`http://rebind.test:${port}/hello`), OPTIONS))).toBe('ADDRESS_REFUSED');
    expect(server.count('/hello')).toBe(0);
  });

  it('connects to the address it checked: the socket does no lookup of its own (no DNS rebinding window)', async () => {
    // `pinned.test` resolves nowhere but in this resolver; the request still arrives, with the name as Host.
    const fetch = createPublicFetch({ resolve: () => Promise.resolve(['127.0.0.1']), isRefused: () => false });
    const answer = await fetch(new URL(`http://pinned.test:${port}/hello`), OPTIONS);
    expect(answer.body.toString()).toBe(`host=pinned.test:${port}`);
  });

  it('checks every redirect hop again', async () => {
    const seen: string[] = [];
    const fetch = createPublicFetch({
      resolve: (host) => {
        seen.push(host);
        return Promise.resolve([host === 'other.test' ? '10.1.2.3' : '127.0.0.1']);
      },
      isRefused: (address) => address !== '127.0.0.1' && isInternalAddress(address),
    });
    expect(await failure(fetch(new URL(`http://start.test:${port}/to-other-name`), OPTIONS))).toBe('ADDRESS_REFUSED');
    expect(seen).toEqual(['start.test', 'other.test']);
  });

  it('trusts an admin URL on loopback, but not where it redirects to', async () => {
    const fetch = createPublicFetch();
    expect((await fetch(new URL(`${server.base}/hello`), { ...OPTIONS, trusted: true })).status).toBe(200);
    expect(await failure(fetch(new URL(`${server.base}/hello`), OPTIONS))).toBe('ADDRESS_REFUSED');
    const redirecting = createPublicFetch({ resolve: () => Promise.resolve(['127.0.0.1']) });
    expect(await failure(redirecting(new URL(`${server.base}/to-other-name`), { ...OPTIONS, trusted: true }))).toBe('ADDRESS_REFUSED');
  });

  it('refuses other schemes and credentials before any lookup', async () => {
    const fetch = createPublicFetch({ resolve: () => Promise.reject(new Error('must not resolve')) });
    for (const url of ['ftp://example.com/', 'file:///etc/passwd', 'http://u:p@example.com/']) {
      expect(await failure(fetch(new URL(url), OPTIONS))).toBe('URL_INVALID');
    }
  });
});
