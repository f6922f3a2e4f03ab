import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error';
import { createHttpClient } from './http-client';

afterEach(() => vi.unstubAllGlobals());

interface Seen {
  url: string;
  authorization: string | null;
}

/** fetch answering every call with `answer()`; records the URL and the Authorization header sent. */
function stubFetch(answer: () => Response): Seen[] {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      seen.push({ url, authorization: new Headers(init?.headers).get('Authorization') });
      return Promise.resolve(answer());
    }),
  );
  return seen;
}

/** A body that arrives in the given pieces, as a streamed archive does. */
function chunked(pieces: string[], headers: Record<string, string>): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers });
}

function client(token: string | null) {
  const sessionLost = vi.fn();
  return { http: createHttpClient({ getToken: () => token, onSessionLost: sessionLost }), sessionLost };
}

describe('createHttpClient: download', () => {
  it('sends the bearer token, reports the bytes as they arrive and saves under the name the server gives', async () => {
    const seen = stubFetch(() => chunked(['abc', 'defg'], { 'content-type': 'application/gzip', 'content-disposition': 'attachment; filename="homecam-2026-01-01.tar.gz"' }));
    const progress: number[] = [];
    const file = await client('t0k3n').http.download('/backup/download?recordings=false', { fallbackName: 'homecam-backup.tar.gz', onProgress: (bytes) => progress.push(bytes) });
    expect(seen).toEqual([{ url: '/api/backup/download?recordings=false', authorization: 'Bearer t0k3n' }]);
    expect(progress).toEqual([3, 7]);
    expect(file.fileName).toBe('homecam-2026-01-01.tar.gz');
    expect(file.blob.type).toBe('application/gzip');
    expect(await file.blob.text()).toBe('abcdefg');
  });

  it('falls back to the given name when the answer names none', async () => {
    stubFetch(() => chunked(['{}'], { 'content-type': 'application/json' }));
    expect((await client('t').http.download('/config/download', { fallbackName: 'config.json' })).fileName).toBe('config.json');
  });

  it('ends the session on a 401 like any other call, and throws the translated code', async () => {
    stubFetch(() => Response.json({ error: { code: 'SESSION_EXPIRED', message: 'expired' } }, { status: 401 }));
    const { http, sessionLost } = client('old');
    const failure = await http.download('/system/log/download', { fallbackName: 'homecam.log' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('SESSION_EXPIRED');
    expect(sessionLost).toHaveBeenCalledTimes(1);
  });

  it('says NETWORK_ERROR when the server is not reached, but lets an abort through as it is', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const unreached = await client('t').http.download('/config/download', { fallbackName: 'config.json' }).catch((error: unknown) => error);
    expect((unreached as ApiError).code).toBe('NETWORK_ERROR');

    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new DOMException('aborted', 'AbortError'))));
    const aborted = await client('t').http.download('/config/download', { fallbackName: 'config.json' }).catch((error: unknown) => error);
    expect(aborted).toBeInstanceOf(DOMException);
  });
});

describe('createHttpClient: request', () => {
  it("reads the token per call, so a sign-in after the client was built is the one sent", async () => {
    let token: string | null = null;
    const http = createHttpClient({ getToken: () => token, onSessionLost: () => undefined });
    const seen = stubFetch(() => new Response(null, { status: 204 }));
    await http.request('/rooms');
    token = 'fresh';
    await http.request('/rooms');
    expect(seen.map((call) => call.authorization)).toEqual([null, 'Bearer fresh']);
  });
});
