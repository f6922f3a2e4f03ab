import { afterEach, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { closeAllSockets, connectOutcome, disconnected, nextEvent, socketClient } from './helpers/socket.js';
import { createTestApp, listen, type TestAppOptions } from './helpers/test-app.js';
import { bearer, DEFAULT_TEST_PASSWORD, masterUser, signedInUser, tokenFor } from './helpers/users.js';

const apps: HomecamApp[] = [];
async function serve(options: TestAppOptions = {}): Promise<{ app: HomecamApp; url: string }> {
  const app = await createTestApp(options);
  apps.push(app);
  return { app, url: await listen(app) };
}
afterEach(async () => {
  closeAllSockets();
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function insertNotifications(app: HomecamApp, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `n${i}`,
    type: 'custom',
    title: 'Test',
    message: 'test',
    created_at: new Date().toISOString(),
  }));
  await app.homecam.database.db.insertInto('notifications').values(rows).execute();
}

describe('socket.io handshake', () => {
  it('refuses a missing, unknown or expired token with the error code as message', async () => {
    const clock = new FakeClock();
    const { app, url } = await serve({ clock });
    expect(await connectOutcome(socketClient(url, undefined))).toBe('UNAUTHENTICATED');
    expect(await connectOutcome(socketClient(url, 'not-a-token'))).toBe('UNAUTHENTICATED');
    const { token } = await signedInUser(app, ['dashboard:access'], { sessionTimer: 300 });
    clock.advance(300_000);
    expect(await connectOutcome(socketClient(url, token))).toBe('SESSION_EXPIRED');
  });

  it('refuses a revoked token and a session that owes the credential change', async () => {
    const { app, url } = await serve();
    const { token } = await signedInUser(app, ['dashboard:access']);
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(await connectOutcome(socketClient(url, token))).toBe('UNAUTHENTICATED');
    const masterToken = await tokenFor(app, await masterUser(app));
    expect(await connectOutcome(socketClient(url, masterToken))).toBe('CREDENTIALS_CHANGE_REQUIRED');
  });

  it('refuses a page from another origin', async () => {
    const { app, url } = await serve();
    const { token } = await signedInUser(app, ['admin']);
    expect(await connectOutcome(socketClient(url, token, { origin: 'http://evil.example' }))).not.toBe('connected');
    expect(await connectOutcome(socketClient(url, token, { origin: url }))).toBe('connected');
  });
});

describe('notificationSize', () => {
  it('is sent on connect to admins and to users with notifications:access', async () => {
    const { app, url } = await serve();
    await insertNotifications(app, 3);
    for (const permissions of [['admin'], ['notifications:access']] as const) {
      const { token } = await signedInUser(app, [...permissions]);
      const socket = socketClient(url, token);
      const size = nextEvent(socket, 'notificationSize');
      expect(await connectOutcome(socket)).toBe('connected');
      expect(await size).toEqual([3]);
    }
  });

  it('is not sent to users without notifications:access', async () => {
    const { app, url } = await serve();
    const { token } = await signedInUser(app, ['cameras:access']);
    const socket = socketClient(url, token);
    const received: string[] = [];
    socket.onAny((event: string) => received.push(event));
    expect(await connectOutcome(socket)).toBe('connected');
    // sessionEnded is the last thing this socket will hear; anything sent on connect arrives before it.
    const ended = nextEvent(socket, 'sessionEnded');
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    await ended;
    expect(received).toEqual(['sessionEnded']);
  });
});

describe('session end', () => {
  it('logout emits sessionEnded and disconnects that session\'s sockets only', async () => {
    const { app, url } = await serve();
    const { user, token } = await signedInUser(app, ['dashboard:access']);
    const otherToken = await tokenFor(app, user);
    const socket = socketClient(url, token);
    const other = socketClient(url, otherToken);
    expect(await connectOutcome(socket)).toBe('connected');
    expect(await connectOutcome(other)).toBe('connected');

    const ended = nextEvent(socket, 'sessionEnded');
    const gone = disconnected(socket);
    const response = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(response.statusCode).toBe(204);
    await ended;
    expect(await gone).toBe('io server disconnect');
    expect(other.connected).toBe(true);
  });

  it('deleting a user ends its sockets', async () => {
    const { app, url } = await serve();
    const { user, token } = await signedInUser(app, ['dashboard:access']);
    const admin = await signedInUser(app, ['admin']);
    const socket = socketClient(url, token);
    expect(await connectOutcome(socket)).toBe('connected');
    const ended = nextEvent(socket, 'sessionEnded');
    const gone = disconnected(socket);
    await app.inject({ method: 'DELETE', url: `/api/users/${user.id}`, headers: bearer(admin.token) });
    await ended;
    expect(await gone).toBe('io server disconnect');
  });

  it('a password change ends the user\'s other sessions and keeps the caller\'s socket', async () => {
    const { app, url } = await serve();
    const { user, token } = await signedInUser(app, ['dashboard:access']);
    const elsewhere = socketClient(url, await tokenFor(app, user));
    const here = socketClient(url, token);
    expect(await connectOutcome(elsewhere)).toBe('connected');
    expect(await connectOutcome(here)).toBe('connected');
    const hereEvents: string[] = [];
    here.onAny((event: string) => hereEvents.push(event));

    const ended = nextEvent(elsewhere, 'sessionEnded');
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: bearer(token),
      payload: { password: 'another-password', currentPassword: DEFAULT_TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    await ended;
    expect(here.connected).toBe(true);
    expect(hereEvents).toEqual([]);
  });

  it('expiry ends the socket by its own timer (injected clock)', async () => {
    const clock = new FakeClock();
    const { app, url } = await serve({ clock });
    const { token } = await signedInUser(app, ['dashboard:access'], { sessionTimer: 300 });
    const socket = socketClient(url, token);
    expect(await connectOutcome(socket)).toBe('connected');
    const ended = nextEvent(socket, 'sessionEnded');
    const gone = disconnected(socket);
    clock.advance(299_000);
    expect(socket.connected).toBe(true);
    clock.advance(1_000);
    await ended;
    expect(await gone).toBe('io server disconnect');
  });

  it('closing the app disconnects clients and cancels their expiry timers', async () => {
    const clock = new FakeClock();
    const { app, url } = await serve({ clock });
    const { token } = await signedInUser(app, ['dashboard:access']);
    // The app's own timers on this clock (the daily backup) are not the socket's.
    const before = clock.pendingTimers;
    const socket = socketClient(url, token);
    expect(await connectOutcome(socket)).toBe('connected');
    expect(clock.pendingTimers).toBe(before + 1);
    const gone = disconnected(socket);
    await app.close();
    apps.length = 0;
    expect(await gone).toMatch(/disconnect|transport close/);
    expect(clock.pendingTimers).toBe(0);
  });
});
