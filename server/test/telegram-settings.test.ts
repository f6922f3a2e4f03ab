import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { redactConfig } from '../src/backup/redact.js';
import { listRouteAccess } from '../src/http/access/access-control.js';
import { LogCapture } from './helpers/log-capture.js';
import { errorCode } from './helpers/http.js';
import { appForSuite } from './helpers/suite-app.js';
import { bearer, signedInUser } from './helpers/users.js';

const URL = '/api/settings/notifications/telegram';
const TOKEN = '987654321:AAH-writeOnlySecret_abcdefghijklmn';
const SECRET_PART = TOKEN.split(':')[1] ?? '';
const logs = new LogCapture();
const bodies: string[] = [];
const suite = appForSuite({ editor: ['settings:notifications:edit'] }, { app: { logLevel: 'trace', logStream: logs } });
const configFile = (): string => join(suite.app.homecam.dataDir, 'config.json');

async function patch(payload: unknown, token = suite.token.editor) {
  const response = await suite.app.inject({ method: 'PATCH', url: URL, headers: bearer(token), payload: payload as object });
  bodies.push(response.body);
  return response;
}

async function get(token = suite.token.editor) {
  const response = await suite.app.inject({ url: URL, headers: bearer(token) });
  bodies.push(response.body);
  return response;
}

async function telegramBlock(): Promise<Record<string, unknown> | undefined> {
  const file = JSON.parse(await readFile(configFile(), 'utf8')) as { notifications?: { telegram?: Record<string, unknown> } };
  return file.notifications?.telegram;
}


describe('Telegram settings', () => {
  it('answers "off, nothing set" before anything is configured', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ active: false, tokenSet: false, chatID: '', message: '' });
  });

  it('writes config.json notifications.telegram and answers tokenSet, never the token', async () => {
    const response = await patch({ active: true, token: TOKEN, chatID: ' 12345 , -100987,@home_alerts ', message: 'Bewegung: @' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ active: true, tokenSet: true, chatID: '12345,-100987,@home_alerts', message: 'Bewegung: @' });
    expect(await telegramBlock()).toEqual({ active: true, token: TOKEN, chatID: '12345,-100987,@home_alerts', message: 'Bewegung: @' });
    // Applied live: the running config has it too (the channel reads it on each alert).
    expect(suite.app.homecam.config.get().notifications.telegram?.token).toBe(TOKEN);
    // The other notification settings are untouched.
    expect(suite.app.homecam.config.get().notifications.active).toBe(true);
  });

  it('absent keeps, null clears', async () => {
    expect((await patch({ message: 'Motion at @' })).json()).toMatchObject({ tokenSet: true, message: 'Motion at @' });
    expect((await patch({ message: null })).json()).toMatchObject({ tokenSet: true, message: '' });
    expect(await telegramBlock()).not.toHaveProperty('message');
    expect((await patch({ token: null })).json()).toMatchObject({ tokenSet: false, chatID: '12345,-100987,@home_alerts' });
    expect(await telegramBlock()).not.toHaveProperty('token');
    expect((await patch({ token: TOKEN })).json()).toMatchObject({ tokenSet: true });
  });

  it('refuses bad input with VALIDATION_FAILED and writes nothing', async () => {
    const before = await telegramBlock();
    const bad = [
      { token: 'not-a-token' },
      { token: '123:short' },
      { token: `${TOKEN}/../../x` },
      { chatID: '12345; rm -rf' },
      { chatID: 'https://evil.example' },
      { chatID: Array.from({ length: 11 }, (_, i) => String(i + 1)).join(',') },
      { message: 'x'.repeat(1001) },
      { active: 'yes' },
      { somethingElse: 1 },
    ];
    for (const payload of bad) {
      const response = await patch(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorCode(response)).toBe('VALIDATION_FAILED');
    }
    expect(await telegramBlock()).toEqual(before);
  });

  it('role matrix: settings:notifications:access reads, :edit writes, others are refused', async () => {
    const rules = new Map(listRouteAccess(suite.app).map((route) => [`${route.method} ${route.url}`, route.access]));
    expect(rules.get(`GET ${URL}`)).toEqual({ anyOf: ['settings:notifications:access', 'settings:notifications:edit'] });
    expect(rules.get(`PATCH ${URL}`)).toEqual({ anyOf: ['settings:notifications:edit'] });
    const reader = (await signedInUser(suite.app, ['settings:notifications:access'])).token;
    expect((await get(reader)).json()).toMatchObject({ tokenSet: true });
    expect((await patch({ active: false }, reader)).statusCode).toBe(403);
    const other = (await signedInUser(suite.app, ['settings:recordings:edit', 'cameras:access'])).token;
    expect((await get(other)).statusCode).toBe(403);
    expect((await patch({ active: false }, other)).statusCode).toBe(403);
    expect((await suite.app.inject({ url: URL })).statusCode).toBe(401);
    const admin = (await signedInUser(suite.app, ['admin'])).token;
    expect((await patch({ active: false }, admin)).json()).toMatchObject({ active: false });
  });

  it('a backup for a non-admin leaves the token out of config.json', async () => {
    const raw = JSON.parse(await readFile(configFile(), 'utf8')) as unknown;
    expect(JSON.stringify(raw)).toContain(SECRET_PART);
    const redacted = redactConfig(raw) as { notifications: { telegram: Record<string, unknown> } };
    expect(JSON.stringify(redacted)).not.toContain(SECRET_PART);
    expect(redacted.notifications.telegram).toMatchObject({ chatID: '12345,-100987,@home_alerts' });
    expect(redacted.notifications.telegram).not.toHaveProperty('token');
  });

  it('the token is in no answer (the public UI config included) and no log line', async () => {
    bodies.push((await suite.app.inject({ url: '/api/config/ui' })).body);
    bodies.push((await suite.app.inject({ url: '/api/settings/notifications', headers: suite.bearer('editor') })).body);
    expect(bodies.length).toBeGreaterThan(15);
    for (const body of bodies) expect(body).not.toContain(SECRET_PART);
    expect(logs.text.length).toBeGreaterThan(0);
    expect(logs.text).not.toContain(SECRET_PART);
  });
});
