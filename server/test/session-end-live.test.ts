import type { CreatedApiToken } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { ADMIN_ROOM, CAMERAS_ROOM, NOTIFICATIONS_ROOM } from '../src/realtime/gateway.js';
import { hashSessionToken } from '../src/security/token.js';
import type { RtpClient } from '../src/webrtc/test-support/rtp-client.js';
import { addCamera, expectError } from './helpers/http.js';
import { closeAllLive, isText, openLive } from './helpers/live.js';
import { closeAllSockets, connectOutcome, disconnected, nextEvent, socketClient } from './helpers/socket.js';
import { simulatorForSuite } from './helpers/suite-simulator.js';
import { createTestApp, listen } from './helpers/test-app.js';
import { openWebrtcViewer } from './helpers/webrtc.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * Issue 21: ending a session (from another device's list) or revoking an API token closes what it opened at once:
 * MSE and WebRTC live streams from the real RTSP simulator, and the socket. An API token also opens them.
 */
const simulator = simulatorForSuite({ cameras: 1, names: ['porch'] });
let app: HomecamApp;
let url: string;
let admin: string;
const peers: RtpClient[] = [];

beforeAll(async () => {
  app = await createTestApp({ live: { authTimeoutMs: 2_000 } });
  url = await listen(app);
  admin = (await signedInUser(app, ['admin'])).token;
  await addCamera(app, admin, { name: 'Porch', videoConfig: { source: simulator.camera.mainUrl, stimeout: 5 } });
});

afterEach(() => {
  closeAllLive();
  closeAllSockets();
  for (const peer of peers.splice(0)) peer.close();
});

afterAll(async () => {
  await app?.close();
});

const firstFragment = { message: 'the first fragment', timeoutMs: 30_000 };

describe('ending a session while it streams', () => {
  it('closes its MSE and WebRTC streams and its socket at once; the other device keeps playing', { timeout: 60_000 }, async () => {
    const { user, token: phone } = await signedInUser(app, ['cameras:access', 'notifications:access']);
    const laptop = (await app.homecam.auth.createSession(user, { ip: '10.0.0.2', userAgent: 'Firefox/133.0' })).token;
    const mse = openLive(url, 'Porch', { token: phone });
    await mse.next((event) => event.kind === 'fragment', firstFragment);
    const webrtc = await openWebrtcViewer(url, 'Porch', phone);
    peers.push(webrtc.rtp);
    await webrtc.live.next(isText('webrtc-answer'), { message: 'the answer', timeoutMs: 30_000 });
    const socket = socketClient(url, phone);
    expect(await connectOutcome(socket)).toBe('connected');
    const told = nextEvent(socket, 'sessionEnded');
    const gone = disconnected(socket);
    const keeps = openLive(url, 'Porch', { token: laptop });
    await keeps.next((event) => event.kind === 'fragment', firstFragment);

    const phoneId = (await app.homecam.repositories.sessions.findByTokenHash(hashSessionToken(phone)))?.id;
    const ended = await app.inject({ method: 'DELETE', url: `/api/users/${user.id}/sessions/${phoneId}`, headers: bearer(laptop) });
    expect(ended.statusCode).toBe(204);
    const startedAt = Date.now();
    expect((await mse.closed).code).toBe(4401);
    expect((await webrtc.live.closed).code).toBe(4401);
    await told;
    expect(await gone).toBe('io server disconnect');
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expectError(await app.inject({ url: '/api/auth/check', headers: bearer(phone) }), 401, 'UNAUTHENTICATED');

    const from = keeps.events.length;
    await keeps.next((event) => event.kind === 'fragment', { from, message: 'the laptop still playing' });
  });
});

describe('an API token', () => {
  async function tokenWith(session: string, scopes: string[]): Promise<CreatedApiToken> {
    const response = await app.inject({ method: 'POST', url: '/api/account/tokens', headers: bearer(session), payload: { name: 'Home Assistant', scopes, expiresInDays: 90 } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CreatedApiToken>();
  }

  it('takes a snapshot, opens the live stream and the socket; revoking closes them', { timeout: 60_000 }, async () => {
    const { user, token: session } = await signedInUser(app, ['cameras:access']);
    const { token, info } = await tokenWith(session, ['cameras:access']);

    const snapshot = await app.inject({ url: '/api/cameras/Porch/snapshot', headers: bearer(token) });
    expect(snapshot.statusCode).toBe(200);
    expect(snapshot.headers['content-type']).toBe('image/jpeg');

    const byMessage = openLive(url, 'Porch', { token });
    await byMessage.next((event) => event.kind === 'fragment', firstFragment);
    const socket = socketClient(url, token);
    expect(await connectOutcome(socket)).toBe('connected');
    const gone = disconnected(socket);

    const revoked = await app.inject({ method: 'DELETE', url: `/api/users/${user.id}/tokens/${info.id}`, headers: bearer(session) });
    expect(revoked.statusCode).toBe(204);
    expect((await byMessage.closed).code).toBe(4401);
    expect(await gone).toBe('io server disconnect');
    const again = openLive(url, 'Porch', { token });
    expect((await again.closed).code).toBe(4401);
    expect(await connectOutcome(socketClient(url, token))).toBe('UNAUTHENTICATED');
  });

  it('follows its owner\'s permission changes at once, and never past its scopes', { timeout: 60_000 }, async () => {
    const { user, token: session } = await signedInUser(app, ['cameras:access', 'notifications:access']);
    const { token } = await tokenWith(session, ['cameras:access']);
    const live = openLive(url, 'Porch', { token });
    await live.next((event) => event.kind === 'fragment', firstFragment);
    const socket = socketClient(url, token);
    expect(await connectOutcome(socket)).toBe('connected');
    const serverSocket = () => [...app.realtime.io.of('/').sockets.values()].find((s) => s.data.sessionId.startsWith('apiToken:') && s.data.userId === user.id);
    await waitFor(() => serverSocket()?.rooms.has(CAMERAS_ROOM) === true, { message: 'the token socket in the cameras room' });
    expect(serverSocket()?.rooms.has(NOTIFICATIONS_ROOM)).toBe(false);

    // The owner made an admin: the token's socket stays out of the admin and notification rooms, its stream plays on.
    const promote = await app.inject({ method: 'PATCH', url: `/api/users/${user.id}`, headers: bearer(admin), payload: { permissionLevel: ['admin'] } });
    expect(promote.statusCode).toBe(200);
    expect(serverSocket()?.rooms.has(ADMIN_ROOM)).toBe(false);
    expect(serverSocket()?.rooms.has(NOTIFICATIONS_ROOM)).toBe(false);
    expect(serverSocket()?.rooms.has(CAMERAS_ROOM)).toBe(true);
    const from = live.events.length;
    await live.next((event) => event.kind === 'fragment', { from, message: 'fragments after the promotion' });

    // The owner loses cameras:access: the token's stream closes (4403) and its socket leaves the cameras room.
    await app.inject({ method: 'PATCH', url: `/api/users/${user.id}`, headers: bearer(admin), payload: { permissionLevel: ['notifications:access'] } });
    expect((await live.closed).code).toBe(4403);
    expect(serverSocket()?.rooms.has(CAMERAS_ROOM)).toBe(false);
    expect(serverSocket()?.rooms.has(NOTIFICATIONS_ROOM)).toBe(false);
  });

  it('without cameras:access in its scopes opens no stream, although its owner could', async () => {
    const { token: session } = await signedInUser(app, ['cameras:access', 'recordings:access']);
    const { token } = await tokenWith(session, ['recordings:access']);
    const live = openLive(url, 'Porch', { token });
    expect((await live.closed).code).toBe(4403);
    expectError(await app.inject({ url: '/api/cameras/Porch/snapshot', headers: bearer(token) }), 403, 'FORBIDDEN');
    await waitFor(() => live.texts().some((message) => message.type === 'error'), { message: 'the error message' });
  });
});
