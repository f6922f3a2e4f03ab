import type { Integration, OnvifEventStatus } from '@homecam/shared';
import { startFakeOnvif, waitFor, type FakeOnvifDevice } from '@homecam/tools';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { limitedUser } from './helpers/camera-scope.js';
import { closeAllSockets, connectOutcome, socketClient } from './helpers/socket.js';
import { createTestApp, listen, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * Issue 22: the ONVIF event subscription status is pushed (`onvifEventStatus`) to the sockets that may see the
 * camera's settings, instead of the camera form asking every few seconds; and the plugins page lists the
 * subscriptions as one trigger. Against the fake ONVIF device of tools (HTTP on 127.0.0.1).
 */
const STREAMS = { main: 'rtsp://127.0.0.1:9/main', sub: 'rtsp://127.0.0.1:9/sub' };
let app: HomecamApp;
let url: string;
let device: FakeOnvifDevice;
let admin: string;

beforeAll(async () => {
  device = await startFakeOnvif({ streams: STREAMS, user: 'admin', password: 'secret' });
  const dataDir = await makeDataDir();
  const address = (password: string) => `http://admin:${password}@127.0.0.1:${device.port}/onvif/device_service`;
  const camera = (name: string, password: string) => ({ name, videoConfig: { source: 'rtsp://127.0.0.1:9/none' }, motionTimeout: 0, onvifEvents: true, onvif: { url: address(password) } });
  await writeFile(join(dataDir, 'config.json'), JSON.stringify({ recordings: { active: false }, cameras: [camera('Porch', 'secret'), camera('Garage', 'wrong-password')] }));
  app = await createTestApp({ dataDir, onvifEvents: { subscriptionSeconds: 2, pullSeconds: 1, requestTimeoutMs: 2000, retryMinMs: 50, retryMaxMs: 200, lastEventPushMs: 1_000 } });
  url = await listen(app);
  admin = (await signedInUser(app, ['admin'])).token;
});

afterAll(async () => {
  closeAllSockets();
  await app?.close();
  await device?.stop();
});

/** A connected socket of `token` and every ONVIF status it hears, as `camera state`. */
async function listener(token: string): Promise<{ heard: string[]; statuses: OnvifEventStatus[] }> {
  const socket = socketClient(url, token);
  const statuses: OnvifEventStatus[] = [];
  const heard: string[] = [];
  socket.on('onvifEventStatus', (status) => {
    statuses.push(status);
    heard.push(`${status.camera} ${status.state}`);
  });
  expect(await connectOutcome(socket)).toBe('connected');
  return { heard, statuses };
}

async function onvifIntegration(): Promise<Integration | undefined> {
  const answer = await app.inject({ url: '/api/plugins', headers: bearer(admin) });
  return answer.json<{ result: Integration[] }>().result.find((entry) => entry.id === 'onvif-events');
}

describe('ONVIF event status over the socket', () => {
  it('reaches the camera-settings sockets on every change, a limited user only for their cameras, a viewer never', async () => {
    const everyone = await listener(admin);
    const garageOnly = await listener((await limitedUser(app, ['settings:cameras:access'], ['Garage'])).token);
    const viewer = await listener((await signedInUser(app, ['cameras:access'])).token);
    await waitFor(() => app.modules.onvifEvents.onvifEvents.status('Porch').state === 'connected', { message: 'Porch subscribed' });

    await device.stop();
    await waitFor(() => everyone.heard.includes('Porch retrying'), { message: 'the admin hears Porch retrying' });
    const whileDown = everyone.heard.lastIndexOf('Porch retrying');
    await device.start();
    await waitFor(() => everyone.heard.slice(whileDown).includes('Porch connected'), { message: 'the admin hears Porch connected again' });
    device.emitMotion(true);
    await waitFor(() => everyone.statuses.some((status) => status.camera === 'Porch' && status.lastEventAt !== null), { message: 'the last event time' });

    // Garage keeps retrying (wrong password): its limited user hears that, with the coded problem and no password.
    await waitFor(() => garageOnly.heard.length >= 2, { message: 'the limited user hears Garage' });
    expect(garageOnly.statuses.every((status) => status.camera === 'Garage' && status.state === 'retrying')).toBe(true);
    expect(garageOnly.statuses.at(-1)?.problem?.code).toBeDefined();
    expect(JSON.stringify([...garageOnly.statuses, ...everyone.statuses])).not.toContain('wrong-password');
    expect(everyone.heard).toContain('Garage retrying');
    expect(viewer.heard).toEqual([]);
  });

  it('pushes a flood of camera events as at most one last-event time per camera and wait, the latest one last', async () => {
    const everyone = await listener(admin);
    await waitFor(() => app.modules.onvifEvents.onvifEvents.status('Porch').state === 'connected', { message: 'Porch subscribed' });
    const from = everyone.statuses.length;
    for (let n = 0; n < 30; n += 1) device.emitMotion(n % 2 === 0);
    await waitFor(() => app.modules.onvifEvents.onvifEvents.status('Porch').lastEventAt !== null, { message: 'the events to arrive' });
    const latest = () => app.modules.onvifEvents.onvifEvents.status('Porch').lastEventAt;
    // the trailing push carries the newest time the service has
    await waitFor(() => everyone.statuses.at(-1)?.lastEventAt === latest(), { message: 'the latest time pushed' });
    const pushed = everyone.statuses.slice(from).filter((status) => status.camera === 'Porch' && status.state === 'connected');
    expect(pushed.length).toBeGreaterThan(0);
    // 30 events within a second or two: a first push and a trailing one per 1 s wait, not 30
    expect(pushed.length).toBeLessThanOrEqual(4);
  });

  it('a user whose camera-settings permission is taken away stops hearing at once', async () => {
    const { user, token } = await limitedUser(app, ['settings:cameras:access'], ['Garage']);
    const garageOnly = await listener(token);
    await waitFor(() => garageOnly.heard.length > 0, { message: 'Garage heard before the change' });
    const changed = await app.inject({ method: 'PATCH', url: `/api/users/${user.id}`, headers: bearer(admin), payload: { permissionLevel: ['cameras:access'] } });
    expect(changed.statusCode).toBe(200);
    const before = garageOnly.heard.length;
    const watcher = await listener(admin);
    await waitFor(() => watcher.heard.filter((line) => line === 'Garage retrying').length >= 3, { message: 'Garage still retrying' });
    expect(garageOnly.heard.length).toBe(before);
  });
});

describe('ONVIF events on the plugins page', () => {
  it('one trigger entry: counts per state, the last problem with its code and camera, no actions, no password', async () => {
    await waitFor(async () => (await onvifIntegration())?.lastError?.code === 'AUTH_FAILED', { message: 'Garage refused' });
    const entry = await onvifIntegration();
    expect(entry).toMatchObject({ kind: 'trigger', state: 'error', settingsPath: '/settings/cameras', actions: [], detail: { code: 'ONVIF_EVENTS', cameras: 2, connected: 1, retrying: 1 } });
    expect(entry?.lastError?.message).toMatch(/^Garage: /);
    expect(JSON.stringify(entry)).not.toContain('wrong-password');

    const off = await app.inject({ method: 'PATCH', url: '/api/cameras/Garage', headers: bearer(admin), payload: { onvifEvents: false } });
    expect(off.statusCode).toBe(200);
    await waitFor(async () => (await onvifIntegration())?.state === 'running', { message: 'only Porch left, subscribed' });
    expect((await onvifIntegration())?.detail).toEqual({ code: 'ONVIF_EVENTS', cameras: 1, connected: 1, retrying: 0 });
  });
});
