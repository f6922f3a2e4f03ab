import type { Integration } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { Aedes } from 'aedes';
import { readFile, writeFile } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { freePort } from '../src/triggers/test-support.js';
import { errorCode } from './helpers/http.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/** The plugins registry over the real triggers: an HTTP listener and an MQTT client of a local broker. */
let app: HomecamApp;
let dataDir: string;
let admin: string;
let broker: Aedes;
let brokerServer: Server;
let brokerPort: number;
let httpPort: number;
let brokerConnects = 0;
const sockets = new Set<Socket>();
const MQTT_PASSWORD = 'Br0ker-Pa55word';

async function list(): Promise<Integration[]> {
  const response = await app.inject({ url: '/api/plugins', headers: bearer(admin) });
  expect(response.statusCode).toBe(200);
  expect(response.body).not.toContain(MQTT_PASSWORD);
  return response.json<{ result: Integration[] }>().result;
}

async function find(id: string): Promise<Integration> {
  const entry = (await list()).find((integration) => integration.id === id);
  if (!entry) throw new Error(`no ${id}`);
  return entry;
}

async function act(id: string, action: string) {
  return app.inject({ method: 'POST', url: `/api/plugins/${id}/${action}`, headers: bearer(admin) });
}

/** Whether something accepts TCP connections on the port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function configFile(): Promise<Record<string, { active?: boolean }>> {
  return JSON.parse(await readFile(join(dataDir, 'config.json'), 'utf8')) as Record<string, { active?: boolean }>;
}

beforeAll(async () => {
  brokerPort = await freePort();
  httpPort = await freePort();
  broker = await Aedes.createBroker();
  broker.on('client', () => (brokerConnects += 1));
  brokerServer = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    broker.handle(socket);
  });
  await new Promise<void>((resolve) => brokerServer.listen(brokerPort, '127.0.0.1', resolve));
  dataDir = await makeDataDir();
  await writeFile(
    join(dataDir, 'config.json'),
    JSON.stringify({
      recordings: { active: false },
      http: { active: true, port: httpPort, localhttp: true },
      mqtt: { active: true, host: '127.0.0.1', port: brokerPort, username: 'homecam', password: MQTT_PASSWORD },
    }),
  );
  app = await createTestApp({ dataDir, triggers: { mqtt: { reconnectPeriodMs: 200, connectTimeoutMs: 1000 } } });
  admin = (await signedInUser(app, ['admin'])).token;
  await waitFor(() => app.modules.triggers.triggers.list().find((t) => t.name === 'mqtt')?.status === 'online', { message: 'the MQTT trigger online' });
});

afterAll(async () => {
  await app?.close();
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => (brokerServer ? brokerServer.close(() => resolve()) : resolve()));
  await new Promise<void>((resolve) => (broker ? broker.close(() => resolve()) : resolve()));
});

describe('GET /api/plugins', () => {
  it('lists exactly the real integrations with the states the config gives', async () => {
    const entries = await list();
    expect(entries.map((e) => [e.id, e.kind, e.state])).toEqual([
      ['http-trigger', 'trigger', 'running'],
      ['mqtt-trigger', 'trigger', 'running'],
      ['smtp-trigger', 'trigger', 'disabled'],
      ['ftp-trigger', 'trigger', 'disabled'],
      ['mqtt-state', 'notifier', 'running'],
      ['web-push', 'notifier', 'running'],
      ['rekognition', 'analysis', 'disabled'],
      // The alert channels (issue 9): off until configured; MQTT publishing follows the MQTT trigger.
      ['alert-telegram', 'notifier', 'disabled'],
      ['alert-webhook', 'notifier', 'disabled'],
      ['alert-alexa', 'notifier', 'disabled'],
      ['alert-mqtt', 'notifier', 'running'],
      ['homekit', 'notifier', 'disabled'],
      // Issue 22: no camera follows its own ONVIF events here.
      ['onvif-events', 'trigger', 'disabled'],
    ]);
    const byId = new Map(entries.map((e) => [e.id, e]));
    expect(byId.get('http-trigger')).toMatchObject({ settingsPath: '/config', actions: ['start', 'stop', 'restart'], detail: { code: 'PORT', port: httpPort, localOnly: true } });
    // Codes and values, never English sentences (issue 17): the page translates them.
    expect(byId.get('mqtt-trigger')?.detail).toEqual({ code: 'BROKER', broker: `127.0.0.1:${brokerPort}`, tls: false });
    expect(byId.get('web-push')).toMatchObject({ settingsPath: '/settings/notifications', actions: [], detail: { code: 'PUSH', devices: 0, keys: false } });
    expect(byId.get('homekit')).toMatchObject({ title: 'HomeKit bridge', settingsPath: '/settings/system', actions: ['start', 'stop', 'restart'], detail: { code: 'HOMEKIT', port: 51826, cameras: 0, pairings: 0 } });
    expect(byId.get('alert-telegram')?.detail).toEqual({ code: 'ALERTS', sent: 0, queued: 0, dropped: 0, off: 'SWITCHED_OFF' });
    // Nothing changed since the start: the state holds since then, and the page can say so.
    expect(entries.every((e) => e.since !== null && !Number.isNaN(Date.parse(e.since)))).toBe(true);
    expect(byId.get('rekognition')).toMatchObject({ settingsPath: '/settings/rekognition', actions: ['start', 'stop'] });
    expect(entries.every((e) => e.lastError === null)).toBe(true);
  });

  it('answers 404 PLUGIN_NOT_FOUND for an unknown id and 409 for an action it does not offer', async () => {
    const unknown = await act('nothing-here', 'start');
    expect(unknown.statusCode).toBe(404);
    expect(errorCode(unknown)).toBe('PLUGIN_NOT_FOUND');
    const unsupported = await act('web-push', 'stop');
    expect(unsupported.statusCode).toBe(409);
    expect(errorCode(unsupported)).toBe('PLUGIN_ACTION_UNSUPPORTED');
  });

  it('is for admins only', async () => {
    const { token } = await signedInUser(app, ['dashboard:access', 'settings:notifications:edit']);
    expect((await app.inject({ url: '/api/plugins', headers: bearer(token) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/plugins/http-trigger/stop', headers: bearer(token) })).statusCode).toBe(403);
    expect(await accepts(httpPort)).toBe(true);
  });
});

describe('start, stop and restart', () => {
  it('stop closes the HTTP trigger port and switches it off in config.json; start brings it back', async () => {
    expect(await accepts(httpPort)).toBe(true);
    const stopped = await act('http-trigger', 'stop');
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json<Integration>()).toMatchObject({ id: 'http-trigger', state: 'disabled' });
    expect(await accepts(httpPort)).toBe(false);
    expect((await configFile()).http?.active).toBe(false);

    const started = await act('http-trigger', 'start');
    expect(started.json<Integration>()).toMatchObject({ state: 'running' });
    expect(started.json<Integration>().since).not.toBeNull();
    expect(await accepts(httpPort)).toBe(true);
    expect((await configFile()).http?.active).toBe(true);
  });

  it('stop ends the MQTT broker connection; start connects again; restart reconnects', async () => {
    expect(broker.connectedClients).toBe(1);
    expect((await act('mqtt-trigger', 'stop')).json<Integration>().state).toBe('disabled');
    await waitFor(() => broker.connectedClients === 0, { message: 'the broker connection ended' });
    expect((await find('mqtt-state')).state).toBe('disabled');

    await act('mqtt-trigger', 'start');
    await waitFor(() => broker.connectedClients === 1, { message: 'connected again' });
    await waitFor(async () => (await find('mqtt-trigger')).state === 'running', { message: 'running again' });

    const before = brokerConnects;
    const restarted = await act('mqtt-trigger', 'restart');
    expect(restarted.statusCode).toBe(200);
    await waitFor(() => brokerConnects === before + 1 && broker.connectedClients === 1, { message: 'a new connection after restart' });
    expect((await configFile()).mqtt?.active).toBe(true);
  });

  it('restart of a switched-off trigger is refused (start it instead)', async () => {
    const response = await act('smtp-trigger', 'restart');
    expect(response.statusCode).toBe(409);
    expect(errorCode(response)).toBe('PLUGIN_ACTION_UNSUPPORTED');
  });

  it('an unreachable broker shows the error state with the last error and its time, never the password', async () => {
    const closed = await freePort();
    await app.homecam.config.patchSection('mqtt', { port: closed });
    await waitFor(async () => (await find('mqtt-trigger')).state === 'error', { message: 'the MQTT trigger in error' });
    const entry = await find('mqtt-trigger');
    expect(entry.lastError?.message).toMatch(/127\.0\.0\.1/);
    expect(entry.lastError?.message).not.toContain(MQTT_PASSWORD);
    expect(Date.parse(entry.lastError?.at ?? '')).not.toBeNaN();

    // Back to the broker: running again, the last error is still shown.
    await app.homecam.config.patchSection('mqtt', { port: brokerPort });
    await waitFor(async () => (await find('mqtt-trigger')).state === 'running', { message: 'running again' });
    expect((await find('mqtt-trigger')).lastError).toEqual(entry.lastError);
  });

  it('Rekognition start/stop switch aws.active; without keys start is refused with a code, nothing written', async () => {
    const refused = await act('rekognition', 'start');
    expect([refused.statusCode, errorCode(refused)]).toEqual([409, 'REKOGNITION_KEYS_MISSING']);
    expect((await configFile()).aws?.active).not.toBe(true);
    expect((await find('rekognition')).state).toBe('disabled');
    await app.modules.analysis.rekognition.patch({ accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' });
    expect((await act('rekognition', 'start')).json<Integration>().state).toBe('ready');
    expect((await configFile()).aws?.active).toBe(true);
    expect((await act('rekognition', 'stop')).json<Integration>().state).toBe('disabled');
    expect((await configFile()).aws?.active).toBe(false);
  });
});

describe('an HTTP trigger without a token (F16d)', () => {
  it('an existing config.json without http.token keeps working and gets none written into it', async () => {
    expect((await configFile()).http).not.toHaveProperty('token');
    const answer = await fetch(`http://127.0.0.1:${httpPort}/motion?Nowhere`);
    expect(answer.status).toBe(404); // handled (no such camera), not 401: the trigger stays open as before
  });

  it('is flagged TRIGGER_OPEN on the plugins page while it listens beyond this machine without a token', async () => {
    expect((await find('http-trigger')).warnings).toEqual([]); // localhttp: 127.0.0.1 only
    await app.homecam.config.patchSection('http', { active: false, localhttp: false });
    expect((await find('http-trigger')).warnings).toEqual(['TRIGGER_OPEN']);
    await app.homecam.config.patchSection('http', { token: 'a-long-random-trigger-token' });
    expect((await find('http-trigger')).warnings).toEqual([]);
    expect((await list()).filter((entry) => entry.warnings.length > 0)).toEqual([]);
  });
});
