import { afterEach, describe, expect, it } from 'vitest';
import { triggerOptionsFromConfig } from './trigger-manager.js';
import { AddressRateLimiter, sameSecret, splitToken } from './http-trigger-guard.js';
import { HttpTrigger, type HttpTriggerOptions } from './http-trigger.js';
import { CAMERAS, RecordingSink } from './test-support.js';

describe('trigger guard helpers', () => {
  it('splits the token off the first or last query part and keeps the rest as the camera name', () => {
    expect(splitToken('Front%20Door&token=abc')).toEqual({ camera: 'Front%20Door', token: 'abc' });
    expect(splitToken('token=abc&Front%20Door')).toEqual({ camera: 'Front%20Door', token: 'abc' });
    expect(splitToken('A&B')).toEqual({ camera: 'A&B', token: undefined });
  });

  it('compares secrets of any length', () => {
    expect(sameSecret('s3cret', 's3cret')).toBe(true);
    expect(sameSecret('s3cre', 's3cret')).toBe(false);
    expect(sameSecret('', 's3cret')).toBe(false);
  });

  it('counts per address and window', () => {
    let now = 0;
    const limiter = new AddressRateLimiter(2, 60_000, () => now);
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('b')].every((r) => r.allowed)).toBe(true);
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    now = 60_000;
    expect(limiter.hit('a').allowed).toBe(true);
  });

  it('passes config.json http.token to the trigger (empty means none)', () => {
    expect(triggerOptionsFromConfig({ http: { token: 'abc' } }).http.options.token).toBe('abc');
    expect(triggerOptionsFromConfig({ http: { token: '' } }).http.options.token).toBeUndefined();
  });
});

describe('HttpTrigger token and rate limit over real HTTP (finding #23)', () => {
  let trigger: HttpTrigger | undefined;
  afterEach(async () => {
    await trigger?.stop();
    trigger = undefined;
  });

  async function startTrigger(options: Partial<HttpTriggerOptions>) {
    const sink = new RecordingSink();
    trigger = new HttpTrigger({ port: 0, localOnly: true, ...options }, { cameras: () => CAMERAS, sink });
    await trigger.start();
    return { sink, base: `http://127.0.0.1:${trigger.port()}` };
  }

  async function call(url: string, headers: Record<string, string> = {}) {
    const response = await fetch(url, { headers });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
  }

  it('with a token: refuses requests without it or with a wrong one (401)', async () => {
    const { sink, base } = await startTrigger({ token: 'tok-en/1' });
    const missing = await call(`${base}/motion?Front%20Door`);
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ error: true, code: 'UNAUTHENTICATED' });
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    expect((await call(`${base}/motion?Front%20Door&token=wrong`)).status).toBe(401);
    expect((await call(`${base}/motion?Front%20Door`, { authorization: 'Bearer wrong' })).status).toBe(401);
    expect(sink.calls).toEqual([]);
  });

  it('with a token: accepts it URL-encoded as the first or last query part, or as a Bearer header', async () => {
    const { sink, base } = await startTrigger({ token: 'tok en/1' });
    expect(await call(`${base}/motion?Front%20Door&token=tok%20en%2F1`)).toMatchObject({ status: 200, body: { camera: 'Front Door' } });
    expect((await call(`${base}/doorbell?token=tok+en%2F1&Front+Door`)).status).toBe(200);
    await trigger?.stop();
    const second = await startTrigger({ token: 'plain-token' });
    expect((await call(`${second.base}/motion/reset?Front%20Door`, { authorization: 'Bearer plain-token' })).status).toBe(200);
    expect([...sink.calls, ...second.sink.calls].map((c) => c.action)).toEqual(['motion', 'doorbell', 'motionReset']);
  });

  it("without a token: camera.ui's URLs work unchanged", async () => {
    const { sink, base } = await startTrigger({});
    expect((await call(`${base}/motion?Front%20Door`)).status).toBe(200);
    expect(sink.calls).toEqual([{ action: 'motion', camera: 'Front Door', source: 'http' }]);
  });

  it('a flood from one address gets 429 RATE_LIMITED with Retry-After, before the token is checked', async () => {
    const { sink, base } = await startTrigger({ ratePerMinute: 5, token: 'abc' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await call(`${base}/motion?Front%20Door&token=abc`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const refused = await call(`${base}/motion?Front%20Door&token=abc`);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: true, code: 'RATE_LIMITED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call(`${base}/motion?Front%20Door&token=wrong`)).status).toBe(429);
    expect(sink.calls).toHaveLength(5);
  });
});
