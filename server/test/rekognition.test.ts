import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { LogCapture } from './helpers/log-capture.js';
import { errorCode } from './helpers/http.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

const KEY_ID = 'AKIAIOSFODNN7EXAMPLE';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const BAD_SECRET = 'not a secret but secret-ish text';

let app: HomecamApp;
let dataDir: string;
let admin: string;
const clock = new FakeClock(Date.parse('2026-03-30T12:00:00.000Z'));
const logs = new LogCapture();
const bodies: string[] = [];

async function patch(payload: unknown, token = admin) {
  const response = await app.inject({ method: 'PATCH', url: '/api/settings/rekognition', headers: bearer(token), payload: payload as object });
  bodies.push(response.body);
  return response;
}

async function get(token = admin) {
  const response = await app.inject({ url: '/api/settings/rekognition', headers: bearer(token) });
  bodies.push(response.body);
  return response;
}

beforeAll(async () => {
  dataDir = await makeDataDir();
  app = await createTestApp({ dataDir, clock, logLevel: 'trace', logStream: logs });
  admin = (await signedInUser(app, ['admin'])).token;
});
afterAll(() => app.close());

describe('Rekognition settings', () => {
  it('answers camera.ui defaults before anything is set', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      active: false,
      accessKeyId: null,
      secretAccessKeySet: false,
      region: 'us-east-1',
      contingentTotal: 5000,
      contingentLeft: 5000,
      lastCall: null,
    });
  });

  it('stores the keys in config.json aws, masks the key id and never answers the secret', async () => {
    const response = await patch({ active: true, accessKeyId: KEY_ID, secretAccessKey: SECRET, region: 'eu-central-1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ active: true, accessKeyId: '••••MPLE', secretAccessKeySet: true, region: 'eu-central-1' });
    const file = JSON.parse(await readFile(join(dataDir, 'config.json'), 'utf8')) as { aws: Record<string, unknown> };
    expect(file.aws).toMatchObject({ active: true, accessKeyId: KEY_ID, secretAccessKey: SECRET, region: 'eu-central-1' });
    // Absent keeps: a later change of the region leaves the secret alone.
    expect((await patch({ region: 'us-west-2' })).json()).toMatchObject({ secretAccessKeySet: true, region: 'us-west-2' });
  });

  it('refuses what the strict schema does not allow, without echoing a secret', async () => {
    for (const payload of [{ region: 'mars-1' }, { secretAccessKey: BAD_SECRET }, { contingentTotal: -1 }, { contingentTotal: 1_000_001 }, { somethingElse: 1 }]) {
      const response = await patch(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorCode(response)).toBe('VALIDATION_FAILED');
      expect(response.body).not.toContain(BAD_SECRET);
    }
    expect((await get()).json()).toMatchObject({ region: 'us-west-2', secretAccessKeySet: true });
  });

  it('a new total recomputes what is left this month (total − used)', async () => {
    for (let i = 0; i < 3; i += 1) expect((await app.modules.analysis.usage.tryConsume()).allowed).toBe(true);
    expect((await get()).json()).toMatchObject({ contingentTotal: 5000, contingentLeft: 4997, lastCall: '2026-03-30T12:00:00.000Z' });
    expect((await patch({ contingentTotal: 10 })).json()).toMatchObject({ contingentTotal: 10, contingentLeft: 7 });
    expect((await patch({ contingentTotal: 2 })).json()).toMatchObject({ contingentTotal: 2, contingentLeft: 0 });
  });

  it('null clears the secret, but never leaves Rekognition switched on without it', async () => {
    const kept = await patch({ secretAccessKey: null });
    expect([kept.statusCode, errorCode(kept)]).toEqual([409, 'REKOGNITION_KEYS_MISSING']);
    expect((await get()).json()).toMatchObject({ active: true, secretAccessKeySet: true });
    expect((await patch({ active: false, secretAccessKey: null })).json()).toMatchObject({ active: false, secretAccessKeySet: false });
    const file = JSON.parse(await readFile(join(dataDir, 'config.json'), 'utf8')) as { aws: Record<string, unknown> };
    expect(file.aws).not.toHaveProperty('secretAccessKey');
    await patch({ secretAccessKey: SECRET });
  });

  it('refuses to switch on without a key id or secret (issue 17), and an empty key id removes the stored one', async () => {
    expect((await patch({ active: false })).statusCode).toBe(200);
    const removed = await patch({ accessKeyId: '' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ accessKeyId: null, secretAccessKeySet: true });
    const file = JSON.parse(await readFile(join(dataDir, 'config.json'), 'utf8')) as { aws: Record<string, unknown> };
    expect(file.aws).not.toHaveProperty('accessKeyId');
    for (const payload of [{ active: true }, { active: true, secretAccessKey: SECRET }, { active: true, accessKeyId: KEY_ID, secretAccessKey: '' }]) {
      const refused = await patch(payload);
      expect([JSON.stringify(payload), refused.statusCode, errorCode(refused)]).toEqual([JSON.stringify(payload), 409, 'REKOGNITION_KEYS_MISSING']);
    }
    // Nothing of a refused request was written.
    expect((await get()).json()).toMatchObject({ active: false, accessKeyId: null, secretAccessKeySet: true });
    expect((await patch({ active: true, accessKeyId: KEY_ID })).json()).toMatchObject({ active: true, accessKeyId: '••••MPLE' });
  });

  it('is for admins only', async () => {
    const { token } = await signedInUser(app, ['settings:notifications:edit', 'settings:cameras:edit']);
    expect((await get(token)).statusCode).toBe(403);
    expect((await patch({ region: 'eu-west-1' }, token)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/config/ui' })).body).not.toContain(SECRET);
  });

  it('the secret is in no answer and no log line', () => {
    expect(bodies.length).toBeGreaterThan(10);
    for (const body of bodies) expect(body).not.toContain(SECRET);
    expect(logs.text.length).toBeGreaterThan(0);
    expect(logs.text).not.toContain(SECRET);
  });
});

describe('Rekognition usage (the monthly budget the analysis consumes)', () => {
  it('counts calls, refuses at zero, and starts over with the first call of a new month', async () => {
    const usage = app.modules.analysis.usage;
    await patch({ contingentTotal: 5 });
    const start = await usage.current();
    expect(start).toMatchObject({ month: '2026-03', total: 5, used: 3, left: 2 });
    expect((await usage.tryConsume()).usage.left).toBe(1);
    expect((await usage.tryConsume()).usage.left).toBe(0);
    const refused = await usage.tryConsume();
    expect(refused.allowed).toBe(false);
    expect(refused.usage).toMatchObject({ used: 5, left: 0 });

    clock.advance(2 * 24 * 3600_000); // 2026-04-01T12:00Z
    admin = (await signedInUser(app, ['admin'])).token; // the old session timed out meanwhile
    expect(await usage.current()).toMatchObject({ month: '2026-04', used: 0, left: 5 });
    const first = await usage.tryConsume();
    expect(first).toMatchObject({ allowed: true, usage: { month: '2026-04', used: 1, left: 4, lastCall: '2026-04-01T12:00:00.000Z' } });
    expect((await get()).json()).toMatchObject({ contingentLeft: 4, lastCall: '2026-04-01T12:00:00.000Z' });
  });

  it('concurrent calls never take more than the budget', async () => {
    await patch({ contingentTotal: 6 }); // 1 used this month: 5 left
    const results = await Promise.all(Array.from({ length: 9 }, () => app.modules.analysis.usage.tryConsume()));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect((await app.modules.analysis.usage.current()).left).toBe(0);
  });
});
