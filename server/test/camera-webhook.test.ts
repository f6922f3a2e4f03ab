import type { Camera } from '@homecam/shared';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/** A camera's webhook URL can carry a token and makes the server call out: masked for non-admins, admin-only to set. */
const HOOK = 'https://ha.example/api/webhook/s3cr3t-hook-id?token=abc123';
const CAMERA = { name: 'Porch', room: 'Outside', videoConfig: { source: 'rtsp://127.0.0.1:9/none' }, webhookUrl: HOOK };

let app: HomecamApp;
let admin: string;
let editor: string;

beforeAll(async () => {
  const dataDir = await makeDataDir();
  await writeFile(join(dataDir, 'config.json'), JSON.stringify({ cameras: [CAMERA] }));
  app = await createTestApp({ dataDir });
  admin = (await signedInUser(app, ['admin'])).token;
  editor = (await signedInUser(app, ['settings:cameras:edit', 'settings:cameras:access', 'cameras:access'])).token;
});
afterAll(() => app?.close());

const stored = (): string => app.homecam.cameras.get('Porch').webhookUrl;

async function patch(token: string, body: object) {
  return app.inject({ method: 'PATCH', url: '/api/cameras/Porch', headers: bearer(token), payload: body });
}

describe('camera webhook URL', () => {
  it('admins see it; everyone else sees it masked as a whole, in the list and the single camera', async () => {
    const adminView = await app.inject({ url: '/api/cameras/Porch', headers: bearer(admin) });
    expect(adminView.json<Camera>().webhookUrl).toBe(HOOK);
    for (const url of ['/api/cameras/Porch', '/api/cameras']) {
      const body = (await app.inject({ url, headers: bearer(editor) })).body;
      expect(body).not.toContain('s3cr3t-hook-id');
      expect(body).not.toContain('abc123');
      expect(body).toContain('"webhookUrl":"********"');
    }
  });

  it('a non-admin saving the form with the masked value keeps it; changing or clearing it is 403 ALERT_WEBHOOK_ADMIN_ONLY', async () => {
    const kept = await patch(editor, { webhookUrl: '********', alexa: true });
    expect(kept.statusCode).toBe(200);
    expect(stored()).toBe(HOOK);
    expect(app.homecam.cameras.get('Porch').alexa).toBe(true);
    for (const webhookUrl of ['https://evil.example/collect', '']) {
      const refused = await patch(editor, { webhookUrl });
      expect([refused.statusCode, refused.json<{ error: { code: string } }>().error.code]).toEqual([403, 'ALERT_WEBHOOK_ADMIN_ONLY']);
    }
    const created = await app.inject({ method: 'POST', url: '/api/cameras', headers: bearer(editor), payload: { name: 'New', videoConfig: { source: 'rtsp://127.0.0.1:9/x' }, webhookUrl: 'http://10.0.0.5/hook' } });
    expect(created.statusCode).toBe(403);
    expect(app.homecam.cameras.find('New')).toBeUndefined();
    expect(stored()).toBe(HOOK);
  });

  it('admins change it to an http(s) URL only; other schemes are 400 and nothing is written', async () => {
    const bad = await patch(admin, { webhookUrl: 'file:///etc/passwd' });
    expect([bad.statusCode, bad.json<{ error: { code: string } }>().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(stored()).toBe(HOOK);
    const ok = await patch(admin, { webhookUrl: 'http://192.168.1.20:8123/api/webhook/new' });
    expect(ok.statusCode).toBe(200);
    expect(stored()).toBe('http://192.168.1.20:8123/api/webhook/new');
    expect((await patch(admin, { webhookUrl: '' })).statusCode).toBe(200);
    expect(stored()).toBe('');
  });
});
