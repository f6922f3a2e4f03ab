import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../api/http-client';
import { EARLY_RESPONSE_MAX_AGE_MS, prefetchEarly, takeEarlyResponse } from './early-requests';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const schema = { safeParse: (value: unknown) => ({ success: true as const, data: value }) };

describe('GETs the early script made on a camera page', () => {
  let appFetch: ReturnType<typeof vi.fn>;
  const http = createHttpClient({ getToken: () => 'token', onSessionLost: () => undefined });
  beforeEach(() => {
    vi.useFakeTimers();
    appFetch = vi.fn(() => Promise.resolve(json({ from: 'app' })));
    vi.stubGlobal('fetch', appFetch);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('answer the app’s first request for the same path, once, with the token they were made with', async () => {
    const early = vi.fn(() => Promise.resolve(json({ from: 'early' })));
    prefetchEarly(['/api/auth/check', '/api/cameras/Front%20door'], 'token', early);
    expect(early).toHaveBeenCalledWith('/api/auth/check', { headers: { Accept: 'application/json', Authorization: 'Bearer token' }, credentials: 'same-origin' });
    expect(await http.request('/auth/check', { schema })).toEqual({ from: 'early' });
    expect(await http.request('/cameras/Front%20door', { schema })).toEqual({ from: 'early' });
    expect(appFetch).not.toHaveBeenCalled();
    expect(await http.request('/auth/check', { schema })).toEqual({ from: 'app' }); // taken once
  });

  it('made by the early script’s own copy of this code, are taken by the app’s (they meet on the window)', async () => {
    vi.resetModules();
    const earlyScriptCopy = await import('./early-requests');
    earlyScriptCopy.prefetchEarly(['/api/auth/check'], 'token', () => Promise.resolve(json({ from: 'early' })));
    expect(await http.request('/auth/check', { schema })).toEqual({ from: 'early' });
  });

  it('are not used with another token, once stale, or for other methods', async () => {
    const early = (() => Promise.resolve(json({ from: 'early' }))) as unknown as typeof fetch;
    prefetchEarly(['/api/auth/check'], 'old-token', early);
    expect(await http.request('/auth/check', { schema })).toEqual({ from: 'app' });
    prefetchEarly(['/api/config/ui'], 'token', early);
    vi.advanceTimersByTime(EARLY_RESPONSE_MAX_AGE_MS + 1);
    expect(await http.request('/config/ui', { schema })).toEqual({ from: 'app' });
    prefetchEarly(['/api/cameras'], 'token', early);
    expect(await http.request('/cameras', { method: 'POST', json: {}, schema })).toEqual({ from: 'app' });
    expect(takeEarlyResponse('/api/cameras', 'token')).not.toBeNull(); // the POST left it alone
  });

  it('an early request that failed fails the app’s request like its own would', async () => {
    prefetchEarly(['/api/auth/check'], 'token', () => Promise.reject(new TypeError('offline')));
    await expect(http.request('/auth/check', { schema })).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });
});
