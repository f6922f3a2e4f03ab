import type { Notification } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { NOTIFICATIONS_ROOM } from '../src/realtime/gateway.js';
import { closeAllLive, isText, openLive } from './helpers/live.js';
import { closeAllSockets, connectOutcome, socketClient, type ClientSocket } from './helpers/socket.js';
import { createTestApp, listen } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * Review #8: access is checked per request, but a live WebSocket and a socket.io room last. A permission change
 * must reach them at once: the live stream closes (4403), the socket leaves the rooms it may no longer be in.
 */
let app: HomecamApp;
let url: string;
let admin: string;
let camera: string;

beforeAll(async () => {
  app = await createTestApp({ live: { authTimeoutMs: 2_000 } });
  url = await listen(app);
  admin = (await signedInUser(app, ['admin'])).token;
  const demo = await app.inject({ method: 'POST', url: '/api/cameras/demo', headers: bearer(admin) });
  camera = demo.json<{ name: string }>().name;
  await app.inject({
    method: 'PATCH',
    url: `/api/cameras/${camera}`,
    headers: bearer(admin),
    payload: { videoConfig: { source: 'demo:?size=160x120&fps=5&audio=0' } },
  });
});

afterAll(async () => {
  closeAllLive();
  closeAllSockets();
  await app?.close();
});

function heardNotifications(socket: ClientSocket): Notification[] {
  const heard: Notification[] = [];
  socket.on('notification', (notification) => heard.push(notification));
  return heard;
}

let eventCounter = 0;
const notify = () => app.homecam.notifications.cameraEvent('motion', camera, 'api', `perm-${++eventCounter}`, Date.now());

describe('a permission change re-checks open streams and sockets at once', () => {
  it('losing cameras:access closes the live stream with 4403; losing notifications:access stops notifications', async () => {
    const { user: viewer, token } = await signedInUser(app, ['cameras:access', 'notifications:access']);
    const { token: bystanderToken } = await signedInUser(app, ['notifications:access']);
    const socket = socketClient(url, token);
    const bystander = socketClient(url, bystanderToken);
    const heard = heardNotifications(socket);
    const bystanderHeard = heardNotifications(bystander);
    expect(await connectOutcome(socket)).toBe('connected');
    expect(await connectOutcome(bystander)).toBe('connected');

    const live = openLive(url, camera, { token });
    await live.next((event) => event.kind === 'fragment', { message: 'the first fragment' });

    const changed = await app.inject({
      method: 'PATCH',
      url: `/api/users/${viewer.id}`,
      headers: bearer(admin),
      payload: { permissionLevel: ['dashboard:access'] },
    });
    expect(changed.statusCode).toBe(200);
    const startedAt = Date.now();
    const closed = await live.closed;
    expect(closed.code).toBe(4403);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(live.texts().find((m) => m.type === 'error')).toMatchObject({ code: 'FORBIDDEN' });

    await notify();
    await waitFor(() => bystanderHeard.length === 1, { message: 'the bystander to get the notification' });
    const serverSocket = [...app.realtime.io.of('/').sockets.values()].find((s) => s.data.userId === viewer.id);
    expect(serverSocket?.rooms.has(NOTIFICATIONS_ROOM)).toBe(false);
    expect(heard).toEqual([]);

    // Given back, the next notification arrives again on the same socket.
    await app.inject({ method: 'PATCH', url: `/api/users/${viewer.id}`, headers: bearer(admin), payload: { permissionLevel: ['notifications:access'] } });
    await notify();
    await waitFor(() => heard.length === 1, { message: 'the notification after the permission came back' });
  });

  it('a change that keeps cameras:access (admin taken away) leaves the stream playing', async () => {
    const { user, token } = await signedInUser(app, ['admin', 'cameras:access']);
    const live = openLive(url, camera, { token });
    await live.next((event) => event.kind === 'fragment', { message: 'the first fragment' });
    const changed = await app.inject({ method: 'PATCH', url: `/api/users/${user.id}`, headers: bearer(admin), payload: { permissionLevel: ['cameras:access'] } });
    expect(changed.statusCode).toBe(200);
    const from = live.events.length;
    await live.next((event) => event.kind === 'fragment', { from, message: 'fragments after the change' });
    expect(live.events.some(isText('error'))).toBe(false);
  });
});
