import { waitFor } from '@homecam/tools';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { freePort } from '../src/triggers/test-support.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/** The MQTT trigger wired into the app: a message on a camera's topic is an event, and its state is published back. */
let app: HomecamApp;
let broker: Aedes;
let server: Server;
let client: MqttClient;
const sockets = new Set<Socket>();
const published: unknown[] = [];

beforeAll(async () => {
  const port = await freePort();
  broker = await Aedes.createBroker();
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    broker.handle(socket);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const dataDir = await makeDataDir();
  await writeFile(
    join(dataDir, 'config.json'),
    JSON.stringify({
      recordings: { active: false },
      mqtt: { active: true, host: '127.0.0.1', port },
      cameras: [
        {
          name: 'Front Door',
          videoConfig: { source: 'rtsp://127.0.0.1:9/none' },
          motionTimeout: 0,
          mqtt: { motionTopic: 'cams/front', motionResetTopic: 'cams/front/reset', doorbellTopic: 'cams/front/ring' },
        },
      ],
    }),
  );
  app = await createTestApp({ dataDir, triggers: { mqtt: { reconnectPeriodMs: 200 } } });
  client = mqtt.connect(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0 });
  await new Promise<void>((resolve, reject) => client.once('connect', () => resolve()).once('error', reject));
  await client.subscribeAsync('camera.ui/motion');
  client.on('message', (_topic, payload) => published.push(JSON.parse(payload.toString()) as unknown));
  await waitFor(() => app.modules.triggers.triggers.list().find((t) => t.name === 'mqtt')?.status === 'online', { message: 'the MQTT trigger online' });
});

afterAll(async () => {
  await client?.endAsync();
  await app?.close();
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await new Promise<void>((resolve) => (broker ? broker.close(() => resolve()) : resolve()));
});

describe('MQTT trigger and motion state', () => {
  it('a motion message notifies and publishes state true; the reset publishes false; the doorbell publishes its type', async () => {
    await client.publishAsync('cams/front', 'ON');
    await waitFor(() => published.length >= 1, { message: 'motion state true' });
    expect(published[0]).toEqual({ camera: 'Front Door', state: true, type: 'motion', event: 'mqtt' });
    await client.publishAsync('cams/front/reset', 'OFF');
    await waitFor(() => published.length >= 2, { message: 'motion state false' });
    expect(published[1]).toEqual({ camera: 'Front Door', state: false, type: 'motion', event: 'mqtt' });
    await client.publishAsync('cams/front/ring', 'ON');
    await waitFor(() => published.length >= 3, { message: 'doorbell state' });
    expect(published[2]).toEqual({ camera: 'Front Door', state: true, type: 'doorbell', event: 'mqtt' });

    const admin = (await signedInUser(app, ['admin'])).token;
    const list = await app.inject({ url: '/api/notifications?cameras=Front%20Door', headers: bearer(admin) });
    expect(list.json<{ result: { type: string; trigger: string }[] }>().result.map((n) => [n.type, n.trigger])).toEqual([
      ['doorbell', 'mqtt'],
      ['motion', 'mqtt'],
    ]);

    // admin stop/start of the trigger
    const stopped = await app.inject({ method: 'PUT', url: '/api/system/triggers/mqtt/stop', headers: bearer(admin) });
    expect(stopped.json()).toMatchObject({ name: 'mqtt', active: true, status: 'offline' });
    const started = await app.inject({ method: 'PUT', url: '/api/system/triggers/mqtt/start', headers: bearer(admin) });
    expect(started.statusCode).toBe(200);
    await waitFor(() => app.modules.triggers.triggers.list().find((t) => t.name === 'mqtt')?.status === 'online', { message: 'online again' });
  });
});
