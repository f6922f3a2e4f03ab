import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addCamera, expectError } from './helpers/http.js';
import { appForSuite } from './helpers/suite-app.js';

const json = { 'content-type': 'application/json' };
const nested = (levels: number, leaf = '1'): string => '{"k":'.repeat(levels) + leaf + '}'.repeat(levels);

/** A raw HTTP/1.1 client: writes the whole request, then collects everything the server sends until close. */
function rawRequest(port: number, head: string, body: { bytes: number } | null): Promise<{ text: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve({ text, error: error.code }));
    socket.write(head);
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    let left = body?.bytes ?? 0;
    const pump = (): void => {
      while (left > 0) {
        const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= part.length;
        if (!socket.write(part)) {
          socket.once('drain', pump);
          return;
        }
      }
      // Whole body sent: answered requests end the exchange by half-closing, as a one-shot client does.
      socket.end();
    };
    pump();
    socket.on('close', () => resolve({ text }));
  });
}

function statusLine(text: string): string {
  return text.split('\r\n', 1)[0] ?? '';
}

describe('bad input answers 4xx, never 500 (findings #10, #17)', () => {
  const suite = appForSuite({ admin: ['admin'], editor: ['settings:cameras:access', 'settings:cameras:edit'] });

  it('JSON nested 5,000 levels to PATCH /api/config[/:section] is 400 VALIDATION_FAILED and config.json stays as it was', async () => {
    const configPath = join(suite.app.homecam.dataDir, 'config.json');
    const before = await readFile(configPath, 'utf8');
    for (const url of ['/api/config', '/api/config/notifications']) {
      for (const body of [nested(5_000), '['.repeat(100_000) + ']'.repeat(100_000)]) {
        const response = await suite.app.inject({ method: 'PATCH', url, headers: { ...suite.bearer('admin'), ...json }, payload: body });
        expectError(response, 400, 'VALIDATION_FAILED');
        expect(response.json<{ error: { message: string } }>().error.message).toMatch(/nested deeper than 64/);
      }
    }
    expect(await readFile(configPath, 'utf8')).toBe(before);
  });

  it('a camera editor cannot plant a 3,000-level key in a camera (6 KB body): refused, config.json untouched', async () => {
    await addCamera(suite.app, suite.token.admin, { name: 'Deep', videoConfig: { source: 'rtsp://10.0.0.5/live' } });
    const configPath = join(suite.app.homecam.dataDir, 'config.json');
    const before = await readFile(configPath, 'utf8');
    const body = `{"videoConfig":{"source":"rtsp://10.0.0.5/live"},"extra":${nested(3_000)}}`;
    expect(body.length).toBeLessThan(20_000);
    const response = await suite.app.inject({ method: 'PATCH', url: '/api/cameras/Deep', headers: { ...suite.bearer('editor'), ...json }, payload: body });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(await readFile(configPath, 'utf8')).toBe(before);
    expect((await suite.app.inject({ url: '/api/cameras/Deep', headers: suite.bearer('admin') })).statusCode).toBe(200);
  });

  it('JSON at the depth the app uses still parses; brackets inside strings do not count', async () => {
    // 300 brackets and escaped quotes inside a string: not nesting, so the login is checked (and fails) as usual.
    const username = '{"['.repeat(100);
    const login = await suite.app.inject({ method: 'POST', url: '/api/auth/login', headers: json, payload: JSON.stringify({ username, password: 'x' }) });
    expectError(login, 401, 'INVALID_CREDENTIALS');
    const ok = await suite.app.inject({ method: 'PATCH', url: '/api/config/notifications', headers: { ...suite.bearer('admin'), ...json }, payload: nested(60, '{}') });
    expect(ok.statusCode).not.toBe(500);
  });

  it.each(['/api/notifications', '/api/recordings'])('%s: out-of-range from/to is 400 VALIDATION_FAILED', async (path) => {
    for (const query of ['from=9999999999999999999', 'to=9999999999999999999', 'from=8640000000000001', 'from=not-a-date', `to=${'9'.repeat(400)}`]) {
      expectError(await suite.app.inject({ url: `${path}?${query}`, headers: suite.bearer('admin') }), 400, 'VALIDATION_FAILED');
    }
    expect((await suite.app.inject({ url: `${path}?from=0&to=8640000000000000`, headers: suite.bearer('admin') })).statusCode).toBe(200);
    expect((await suite.app.inject({ url: `${path}?from=2026-01-01T00:00:00Z`, headers: suite.bearer('admin') })).statusCode).toBe(200);
  });
});

describe('oversized bodies: the client receives 413 (finding #11)', () => {
  const suite = appForSuite({ admin: ['admin'] }, { listen: true });
  const port = (): number => Number(new URL(suite.url).port);

  it.each(['/api/rooms', '/api/auth/login', '/api/settings/notifications'])(
    '50 MB JSON to %s, sent in full before reading: 413 PAYLOAD_TOO_LARGE, no reset',
    async (path) => {
      const size = 50 * 1024 * 1024;
      const method = path === '/api/settings/notifications' ? 'PATCH' : 'POST';
      const head = `${method} ${path} HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${suite.token.admin}\r\ncontent-type: application/json\r\ncontent-length: ${size}\r\n\r\n`;
      const answer = await rawRequest(port(), head, { bytes: size });
      expect(answer.error).toBeUndefined();
      expect(statusLine(answer.text)).toBe('HTTP/1.1 413 Payload Too Large');
      expect(answer.text).toContain('"code":"PAYLOAD_TOO_LARGE"');
    },
  );

  it('a chunked body without a length that grows past the limit gets the same clean 413', async () => {
    const size = 50 * 1024 * 1024;
    const hex = size.toString(16);
    const head = `POST /api/auth/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n${hex}\r\n`;
    const answer = await rawRequest(port(), head, { bytes: size });
    expect(answer.error).toBeUndefined();
    expect(statusLine(answer.text)).toBe('HTTP/1.1 413 Payload Too Large');
    expect(answer.text).toContain('"code":"PAYLOAD_TOO_LARGE"');
  });
});
