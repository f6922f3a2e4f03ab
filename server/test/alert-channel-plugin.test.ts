import type { AlertChannelStatus, IntegrationList } from '@homecam/shared';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { ALERT_CHANNEL_PLUGINS, alertChannelEnvHelp, alertChannelOptionsFromEnv } from '../src/alerts/registry.js';
import { OptionsError } from '../src/cli/options.js';
import { pagerPlugin } from './fixtures/alert-channel-pager/index.js';
import { LogCapture } from './helpers/log-capture.js';
import { startReceiver, type Receiver } from './helpers/alert-receivers.js';
import { expectError } from './helpers/http.js';
import { triggerFtpRecording } from './helpers/recordings.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * Issue 18: a new alert channel is a one-folder change. A made-up "pager" channel lives in
 * test/fixtures/alert-channel-pager/ (index.ts, settings.ts, pager-channel.ts) and is handed to the app the way
 * alerts/registry.ts hands the real ones; its status, plugins-page entry, settings route (with its OpenAPI entry),
 * "send a test", its alerts, its operator option and the scrubbing of its key all come without a line elsewhere.
 */
const PAGER_FOLDER = resolve(import.meta.dirname, 'fixtures', 'alert-channel-pager');
const API_KEY = 'pager-key-7f3a9c21';

let app: HomecamApp;
let dataDir: string;
let pager: Receiver;
let admin: string;
let editor: string;
let reader: string;
const logs = new LogCapture();

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function pagerStatus(): Promise<AlertChannelStatus | undefined> {
  const response = await app.inject({ url: '/api/alerts/status', headers: bearer(reader) });
  expect(response.statusCode).toBe(200);
  return response.json<{ result: AlertChannelStatus[] }>().result.find((status) => status.channel === 'pager');
}

function settings(method: 'GET' | 'PATCH', token: string, payload?: object) {
  return app.inject({ method, url: '/api/settings/notifications/pager', headers: bearer(token), ...(payload ? { payload } : {}) });
}

beforeAll(async () => {
  pager = await startReceiver();
  dataDir = await makeDataDir();
  const camera = { name: 'Porch', room: 'Outside', videoConfig: { source: 'rtsp://127.0.0.1:9/none' } };
  await writeFile(join(dataDir, 'config.json'), JSON.stringify({ recordings: { active: true, type: 'Snapshot' }, cameras: [camera] }));
  app = await createTestApp({
    dataDir,
    logLevel: 'info',
    logStream: logs,
    alertChannels: [...ALERT_CHANNEL_PLUGINS, pagerPlugin],
    alertChannelOptions: alertChannelOptionsFromEnv({ HOMECAM_PAGER_ROOT: `${pager.url}/v1/` }, [pagerPlugin]),
    alerts: { backoffMs: 20, maxBackoffMs: 50, maxAttempts: 2 },
  });
  admin = (await signedInUser(app, ['admin'])).token;
  editor = (await signedInUser(app, ['settings:notifications:edit'])).token;
  reader = (await signedInUser(app, ['settings:notifications:access'])).token;
});
afterAll(async () => {
  await app?.close();
  await pager?.close();
});

describe('a made-up alert channel from one folder', () => {
  it('shows in the status and on the plugins page, off until it is set up', async () => {
    expect(await pagerStatus()).toMatchObject({ channel: 'pager', enabled: false, off: 'SWITCHED_OFF', sent: 0 });
    const plugins = await app.inject({ url: '/api/plugins', headers: bearer(admin) });
    const entry = plugins.json<IntegrationList>().result.find((plugin) => plugin.id === 'alert-pager');
    expect(entry).toMatchObject({ kind: 'notifier', state: 'disabled' });
  });

  it('gets its settings route from its own schemas: validated, permission-checked, documented, the key write-only', async () => {
    expect((await settings('GET', reader)).json()).toEqual({ active: false, recipient: '', apiKeySet: false });
    expectError(await settings('PATCH', reader, { active: true }), 403, 'FORBIDDEN');
    expectError(await settings('PATCH', editor, { apiKey: API_KEY }), 403, 'ALERT_SETTING_ADMIN_ONLY');
    for (const bad of [{ recipient: 'abc' }, { apiKey: 'short' }, { other: 1 }]) expectError(await settings('PATCH', admin, bad), 400, 'VALIDATION_FAILED');
    expect((await settings('PATCH', editor, { active: true, recipient: '4711' })).json()).toEqual({ active: true, recipient: '4711', apiKeySet: false });
    expect(await pagerStatus()).toMatchObject({ enabled: false, off: 'NOT_SET_UP' });
    const saved = await settings('PATCH', admin, { apiKey: API_KEY });
    expect(saved.json()).toEqual({ active: true, recipient: '4711', apiKeySet: true });
    expect(saved.body).not.toContain(API_KEY);
    const file = JSON.parse(await readFile(join(dataDir, 'config.json'), 'utf8')) as { notifications: Record<string, unknown> };
    expect(file.notifications.pager).toEqual({ active: true, recipient: '4711', apiKey: API_KEY });
    expect(await pagerStatus()).toMatchObject({ enabled: true, off: null });

    const doc = (await app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(doc.paths['/api/settings/notifications/pager'] ?? {}).sort()).toEqual(['get', 'patch']);
  });

  it('sends a test and every camera event to the service the operator named, with its key', async () => {
    const test = await app.inject({ method: 'POST', url: '/api/alerts/pager/test', headers: bearer(editor) });
    expect(test.json()).toEqual({ ok: true, detail: `HTTP 200 from ${pager.url}` });
    expect(pager.requests[0]).toMatchObject({ method: 'POST', path: '/v1/page', headers: { authorization: `Bearer ${API_KEY}` } });
    expect(JSON.parse(pager.requests[0]!.body)).toEqual({ to: '4711', text: 'HomeCam test' });

    await triggerFtpRecording(app, 'Porch');
    await until(() => pager.requests.length === 2, 'the event page');
    expect(JSON.parse(pager.requests[1]!.body)).toEqual({ to: '4711', text: 'motion at Porch' });
    await until(async () => (await pagerStatus())?.sent === 1, 'the page counted as sent');
    expect(await pagerStatus()).toMatchObject({ sent: 1, lastError: null });
  });

  it('keeps its key out of the log (scrubbed by its key name)', () => {
    app.log.info(`pasted by mistake: ${API_KEY}`);
    expect(logs.text).toContain('pasted by mistake');
    expect(logs.text).not.toContain(API_KEY);
  });

  it('brings its operator option and its --help line; a bad value stops the start', () => {
    expect(alertChannelEnvHelp([pagerPlugin])).toContain('HOMECAM_PAGER_ROOT');
    expect(alertChannelOptionsFromEnv({}, [pagerPlugin])).toEqual({ pager: { apiRoot: undefined } });
    expect(() => alertChannelOptionsFromEnv({ HOMECAM_PAGER_ROOT: 'ftp://pager.test' }, [pagerPlugin])).toThrow(OptionsError);
  });

  it('took one folder: no file of the server or the shared contract names it', () => {
    expect(readdirSync(PAGER_FOLDER).sort()).toEqual(['index.ts', 'pager-channel.ts', 'settings.ts']);
    const roots = [resolve(import.meta.dirname, '..', 'src'), resolve(import.meta.dirname, '..', '..', 'packages', 'shared', 'src')];
    const files = roots.flatMap((root) => readdirSync(root, { recursive: true, encoding: 'utf8' }).map((name) => join(root, name)));
    const sources = files.filter((file) => /\.tsx?$/.test(file) && !/\.test\.ts$/.test(file));
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.filter((file) => /\bpager\b/i.test(readFileSync(file, 'utf8'))).map((file) => relative(resolve(import.meta.dirname, '..', '..'), file))).toEqual([]);
  });
});
