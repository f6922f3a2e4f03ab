import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appForSuite } from './helpers/suite-app.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';

/** `content-security-policy` as directive → sources. */
function csp(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers (finding #13)', () => {
  const suite = appForSuite({});

  it('the web app gets a CSP that allows only what it needs, and framing is refused', async () => {
    const response = await suite.app.inject({ url: '/', headers: { host: 'homecam.local:8081' } });
    const policy = csp(response.headers['content-security-policy']);
    expect(policy).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'media-src': ["'self'", 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", 'ws://homecam.local:8081', 'wss://homecam.local:8081'],
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
    });
    expect(response.headers).toMatchObject({
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
    });
    // Plain HTTP on a home network: nothing that would force HTTPS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(policy['upgrade-insecure-requests']).toBeUndefined();
  });

  it('every header helmet sent before is still sent, with the same value (they are now written out, not computed per request)', async () => {
    const response = await suite.app.inject({ url: '/api/health', headers: { host: 'homecam.local:8081' } });
    expect(response.headers).toMatchObject({
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: blob:;media-src 'self' blob:;font-src 'self' data:;" +
        "connect-src 'self' ws://homecam.local:8081 wss://homecam.local:8081;worker-src 'self';manifest-src 'self';frame-ancestors 'none';" +
        "object-src 'none';base-uri 'self';form-action 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('API answers and errors carry the same headers', async () => {
    for (const url of ['/api/health', '/api/nothing']) {
      const response = await suite.app.inject({ url });
      expect(csp(response.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('a Host header that is not a plain host name is not echoed into the policy', async () => {
    const response = await suite.app.inject({ url: '/', headers: { host: "evil; script-src 'unsafe-inline'" } });
    expect(csp(response.headers['content-security-policy'])['connect-src']).toEqual(["'self'"]);
    expect(csp(response.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
  });
});

describe('the OpenAPI UI', () => {
  it('may use inline styles (swagger-ui sets one); scripts stay self-only and framing refused', async () => {
    const app = await createTestApp();
    try {
      const page = await app.inject({ url: '/api/docs' });
      expect(page.statusCode).toBe(200);
      const policy = csp(page.headers['content-security-policy']);
      expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      const appPolicy = csp((await app.inject({ url: '/' })).headers['content-security-policy']);
      expect(appPolicy['style-src']).toEqual(["'self'"]);
    } finally {
      await app.close();
    }
  });
});

describe('the built page’s inline first script', () => {
  it('is allowed by its hash, read from the built index.html at start; no other inline script is', async () => {
    const early = '(function(){window.earlyLive=1})();';
    const webDir = await makeDataDir();
    await writeFile(join(webDir, 'index.html'), `<!doctype html><html><head><script type="application/json" id="c">{}</script><script>${early}</script></head><body></body></html>`);
    const app = await createTestApp({ webDir });
    try {
      const hash = `'sha256-${createHash('sha256').update(early).digest('base64')}'`;
      for (const url of ['/', '/cameras/Porch/feed', '/api/health']) {
        expect(csp((await app.inject({ url })).headers['content-security-policy'])['script-src'], url).toEqual(["'self'", hash]);
      }
      // The API docs keep their own policy: scripts from the server only.
      expect(csp((await app.inject({ url: '/api/docs' })).headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
    } finally {
      await app.close();
    }
  });
});
