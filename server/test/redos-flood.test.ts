import { TEXT_FIELD_MAX_LENGTH, type Camera } from '@homecam/shared';
import { writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { expectError } from './helpers/http.js';
import { createTestApp, listen, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * Findings N1 and N2 as the probe ran them, against the real server on a socket. N1: anonymous requests whose URL,
 * Host header or 404 path end in `<15,000 letters>://` cost the old log scrubber about 0.9 s of the main thread each
 * on this machine (quadratic), so a burst of 24 held /api/health for ~20 s. N2: a camera editor stored 600 KB in an
 * unknown camera key, and every non-admin camera read masked it with the same pattern.
 *
 * Not a flaky timing test: with linear scrubbing a hostile request costs about a millisecond, so /api/health answers
 * within a few hundred milliseconds during the burst (the burst's own parsing); the bound of 2 s is well above that
 * and ten times below what the burst cost the old code. The server logs at `debug`, so every request line reaches the scrubber whatever
 * level request lines are logged at.
 */
const LETTERS = 'a'.repeat(15_000);
const HEALTH_BOUND_MS = 2_000;

let app: HomecamApp;
let port: number;
let dataDir: string;
/** Every log line the hub wrote (scrubbed), to show the hostile lines were logged and cut. */
let logged = '';
const sink = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logged += chunk.toString();
    callback();
  },
});

/** A camera as a hand edit of config.json may hold it: an unknown key far past what a write accepts. */
const HAND_EDITED = { name: 'Big', videoConfig: { source: 'rtsp://admin:CamPass-77x@127.0.0.1:9/live' }, myPlugin: { note: `${'b'.repeat(40_000)}://` } };

beforeAll(async () => {
  dataDir = await makeDataDir();
  await writeFile(join(dataDir, 'config.json'), JSON.stringify({ cameras: [HAND_EDITED] }));
  app = await createTestApp({ dataDir, logLevel: 'debug', logStream: sink });
  port = Number(new URL(await listen(app)).port);
});
afterAll(() => app.close());

/** One raw HTTP request (any Host header), resolving with the status and how long the answer took. */
function send(path: string, headers: Record<string, string> = {}): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { connection: 'close', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('N1: hostile URLs, Host headers and 404 paths do not hold the server', () => {
  it('/api/health stays fast while a burst of hostile anonymous requests is in flight', { timeout: 120_000 }, async () => {
    const hostile = [
      ...Array.from({ length: 8 }, () => send(`/api/health?x=${LETTERS}://`)),
      ...Array.from({ length: 8 }, () => send('/api/health', { host: `${LETTERS}://` })),
      ...Array.from({ length: 8 }, () => send(`/api/x${LETTERS}://`)),
    ];
    let done = false;
    const settled = Promise.all(hostile).finally(() => (done = true));
    const probes: number[] = [];
    while (!done || probes.length < 5) {
      const probe = await send('/api/health');
      expect(probe.status).toBe(200);
      probes.push(probe.ms);
    }
    const answers = await settled;
    // Answered, not dropped: 200 for health, 404 (or 429 once the 404 limit trips) for the unknown path.
    expect(answers.every((answer) => [200, 400, 404, 429].includes(answer.status))).toBe(true);
    expect(Math.max(...probes)).toBeLessThan(HEALTH_BOUND_MS);
    // The hostile lines were logged, each field cut with its marker instead of scrubbed whole.
    expect(logged).toContain('…[truncated');
  });
});

describe('N2: unknown camera keys are bounded, and non-admin camera reads stay fast', () => {
  it('a camera editor cannot store a huge unknown key: 400 VALIDATION_FAILED naming it (TEXT_TOO_LONG)', async () => {
    const { token } = await signedInUser(app, ['settings:cameras:edit', 'cameras:access']);
    const body = { name: 'Planted', videoConfig: { source: 'rtsp://127.0.0.1:9/x' }, myPlugin: { apiKey: 'k'.repeat(600_000) } };
    const created = await app.inject({ method: 'POST', url: '/api/cameras', headers: bearer(token), payload: body });
    expectError(created, 400, 'VALIDATION_FAILED');
    expect(created.json<{ error: { details: { path: string; message: string }[] } }>().error.details).toContainEqual(
      expect.objectContaining({ path: 'myPlugin.apiKey', message: 'TEXT_TOO_LONG' }),
    );
    const patched = await app.inject({ method: 'PATCH', url: '/api/cameras/Big', headers: bearer(token), payload: { other: 'x'.repeat(TEXT_FIELD_MAX_LENGTH + 1) } });
    expectError(patched, 400, 'VALIDATION_FAILED');
    expect(app.homecam.cameras.find('Planted')).toBeUndefined();
    // Within the cap it is stored, and the hand-edited camera's own oversized key does not block that write.
    const fits = await app.inject({ method: 'PATCH', url: '/api/cameras/Big', headers: bearer(token), payload: { other: 'x'.repeat(TEXT_FIELD_MAX_LENGTH) } });
    expect(fits.statusCode).toBe(200);
  });

  it('a hand-edited camera with a huge unknown key is read fast by a viewer, cut with a marker; admins get it whole', async () => {
    const { token } = await signedInUser(app, ['cameras:access']);
    const started = performance.now();
    const list = await app.inject({ url: '/api/cameras', headers: bearer(token) });
    expect(performance.now() - started).toBeLessThan(HEALTH_BOUND_MS);
    expect(list.statusCode).toBe(200);
    const big = list.json<{ result: Camera[] }>().result.find((camera) => camera.name === 'Big') as Camera & { myPlugin: { note: string } };
    expect(big.myPlugin.note.length).toBeLessThanOrEqual(TEXT_FIELD_MAX_LENGTH + 40);
    expect(big.myPlugin.note).toMatch(/…\[truncated \d+ characters\]$/);
    expect(big.videoConfig.source).toBe('rtsp://admin:********@127.0.0.1:9/live');
    const admin = await signedInUser(app, ['admin']);
    const whole = await app.inject({ url: '/api/cameras/Big', headers: bearer(admin.token) });
    expect(whole.json<{ myPlugin: { note: string } }>().myPlugin.note).toBe(HAND_EDITED.myPlugin.note);
  });
});
