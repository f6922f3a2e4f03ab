import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { LogCapture } from './helpers/log-capture.js';
import { expectError } from './helpers/http.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.long-lived-ha-token';
let app: HomecamApp;
let dataDir: string;
let admin: string;
let editor: string;
let reader: string;
const logs = new LogCapture();
const bodies: string[] = [];

async function call(method: 'GET' | 'PATCH' | 'POST', url: string, token: string, payload?: object) {
  const response = await app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  bodies.push(response.body);
  return response;
}

/** The signing secret as the server keeps it (`<data>/webhook-secret`), which the webhook channel signs with. */
async function savedSecret(): Promise<string> {
  return (await readFile(join(dataDir, 'webhook-secret'), 'utf8')).trim();
}

async function configFile(): Promise<{ notifications: Record<string, Record<string, unknown>> }> {
  return JSON.parse(await readFile(join(dataDir, 'config.json'), 'utf8')) as { notifications: Record<string, Record<string, unknown>> };
}

beforeAll(async () => {
  dataDir = await makeDataDir();
  app = await createTestApp({ dataDir, logLevel: 'trace', logStream: logs });
  admin = (await signedInUser(app, ['admin'])).token;
  editor = (await signedInUser(app, ['settings:notifications:edit'])).token;
  reader = (await signedInUser(app, ['settings:notifications:access'])).token;
});
afterAll(() => app.close());

describe('webhook settings', () => {
  it('admins see the per-install secret (created once, 0600 in the data dir); others only that it is set', async () => {
    const first = (await call('GET', '/api/settings/notifications/webhook', admin)).json<{ secret: string }>();
    expect(first).toMatchObject({ active: false, secretSet: true, insecureHosts: [] });
    expect(first.secret).toMatch(/^[0-9a-f]{64}$/);
    expect((await call('GET', '/api/settings/notifications/webhook', admin)).json()).toMatchObject({ secret: first.secret });
    expect((await stat(join(dataDir, 'webhook-secret'))).mode & 0o777).toBe(0o600);
    for (const token of [editor, reader]) {
      const body = (await call('GET', '/api/settings/notifications/webhook', token)).json<Record<string, unknown>>();
      expect(body).toEqual({ active: false, secretSet: true, insecureHosts: [] });
    }
    expect(await savedSecret()).toBe(first.secret);
  });

  it('rotate replaces the secret (admin only)', async () => {
    const before = await savedSecret();
    expectError(await call('POST', '/api/settings/notifications/webhook/rotate-secret', editor), 403, 'FORBIDDEN');
    const after = (await call('POST', '/api/settings/notifications/webhook/rotate-secret', admin)).json<{ secret: string }>();
    expect(after.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(after.secret).not.toBe(before);
    expect(await savedSecret()).toBe(after.secret);
  });

  it('active is for editors; insecure hosts for admins only (code ALERT_SETTING_ADMIN_ONLY), nothing half-written', async () => {
    expect((await call('PATCH', '/api/settings/notifications/webhook', editor, { active: true })).json()).toMatchObject({ active: true });
    expectError(await call('PATCH', '/api/settings/notifications/webhook', editor, { active: false, insecureHosts: ['nas.local'] }), 403, 'ALERT_SETTING_ADMIN_ONLY');
    expectError(await call('PATCH', '/api/settings/notifications/webhook', reader, { active: false }), 403, 'FORBIDDEN');
    expect((await configFile()).notifications.webhook).toEqual({ active: true, insecureHosts: [] });
    const saved = await call('PATCH', '/api/settings/notifications/webhook', admin, { insecureHosts: ['NAS.local', '192.168.1.5', 'nas.local'] });
    expect(saved.json()).toMatchObject({ active: true, insecureHosts: ['nas.local', '192.168.1.5'] });
    for (const bad of [{ insecureHosts: ['https://nas.local'] }, { insecureHosts: ['nas.local:8443'] }, { other: 1 }]) {
      expectError(await call('PATCH', '/api/settings/notifications/webhook', admin, bad), 400, 'VALIDATION_FAILED');
    }
  });
});

describe('alexa settings', () => {
  it('answers defaults, never the token (tokenSet)', async () => {
    expect((await call('GET', '/api/settings/notifications/alexa', reader)).json()).toEqual({
      active: false, mode: 'home-assistant', url: '', tokenSet: false, service: '', target: '', message: '', startTime: '00:00', endTime: '23:59',
    });
  });

  it('admins set URL and token; editors the rest; non-admin URL/token/mode changes refused with a code', async () => {
    const saved = await call('PATCH', '/api/settings/notifications/alexa', admin, { url: 'http://192.168.1.10:8123', token: TOKEN, service: 'notify/alexa_media_kitchen' });
    expect(saved.json()).toMatchObject({ url: 'http://192.168.1.10:8123', tokenSet: true, service: 'notify/alexa_media_kitchen' });
    expect((await configFile()).notifications.alexa).toMatchObject({ token: TOKEN });
    for (const patch of [{ token: 'other-token' }, { token: null }, { url: 'http://evil.example' }, { mode: 'webhook' }]) {
      expectError(await call('PATCH', '/api/settings/notifications/alexa', editor, patch), 403, 'ALERT_SETTING_ADMIN_ONLY');
    }
    // The form sends the unchanged URL and mode back: that is no change.
    const edited = await call('PATCH', '/api/settings/notifications/alexa', editor, {
      active: true, mode: 'home-assistant', url: 'http://192.168.1.10:8123', message: 'Bewegung bei @', startTime: '22:00', endTime: '06:30',
    });
    expect(edited.json()).toMatchObject({ active: true, message: 'Bewegung bei @', startTime: '22:00', endTime: '06:30', tokenSet: true });
    expectError(await call('PATCH', '/api/settings/notifications/alexa', reader, { active: false }), 403, 'FORBIDDEN');
  });

  it('refuses bad values: URL shape, service, times', async () => {
    for (const bad of [{ url: 'ftp://x' }, { url: 'http://user:pw@x' }, { url: `http://x/${'a'.repeat(2048)}` }, { service: 'notify' }, { startTime: '24:00' }, { token: '' }]) {
      expectError(await call('PATCH', '/api/settings/notifications/alexa', admin, bad), 400, 'VALIDATION_FAILED');
    }
  });

  it('null clears the token', async () => {
    expect((await call('PATCH', '/api/settings/notifications/alexa', admin, { token: null })).json()).toMatchObject({ tokenSet: false });
    expect((await configFile()).notifications.alexa).not.toHaveProperty('token');
    await call('PATCH', '/api/settings/notifications/alexa', admin, { token: TOKEN });
  });

  it('the token is in no answer and no log line; the secret in no non-admin answer', async () => {
    const secret = await savedSecret();
    const config = await call('GET', '/api/config', editor);
    expect(config.body).not.toContain(TOKEN);
    for (const body of bodies) expect(body).not.toContain(TOKEN);
    expect(logs.text).not.toContain(TOKEN);
    const nonAdmin = await call('GET', '/api/settings/notifications/webhook', editor);
    expect(nonAdmin.body).not.toContain(secret);
  });
});
