import type { Camera, LogEntry, Room, SessionUser, SystemStatus, User } from '@homecam/shared';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { limitedUser, seedCameraData, SMALL_DEMO } from './helpers/camera-scope.js';
import { errorCode } from './helpers/http.js';
import { createTestApp } from './helpers/test-app.js';
import { ALL_BUT_ADMIN, bearer, signedInUser } from './helpers/users.js';

/**
 * Issue 21, cameras per user: an admin limits a user to some cameras (PATCH /api/users/:id `cameras`), the lists
 * follow renamed and removed cameras, and the lists of cameras, rooms, statuses, notifications and recordings
 * hold only the user's. (Every route against a camera outside the list: access-matrix.test.ts.)
 */
let app: HomecamApp;
let admin: string;
let adminName: string;
const discard = new Writable({ write: (_chunk, _encoding, callback) => callback() });

beforeAll(async () => {
  app = await createTestApp({ logLevel: 'info', logStream: discard });
  const signedIn = await signedInUser(app, ['admin']);
  admin = signedIn.token;
  adminName = signedIn.user.username;
  for (const name of ['Front Door', 'Garden', 'Garage']) await app.homecam.cameras.create({ name, videoConfig: { source: SMALL_DEMO } });
});
afterAll(() => app.close());

const patchUser = (id: number, payload: Record<string, unknown>, token = admin) =>
  app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: bearer(token), payload });
const get = <T>(url: string, token: string): Promise<T> => app.inject({ url, headers: bearer(token) }).then((response) => {
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
});
const auditLines = (): string[] => app.homecam.logs.recent(500).map((entry: LogEntry) => entry.message);

describe('an admin limits a user to some cameras', () => {
  it('stores the list as the cameras are spelled, shows it in the session, and logs it in the audit trail', async () => {
    const { user, token } = await signedInUser(app, ['cameras:access']);
    const changed = await patchUser(user.id, { cameras: ['front door', 'FRONT DOOR '] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<User>().cameras).toEqual(['Front Door']);
    expect((await get<{ user: SessionUser }>('/api/auth/check', token)).user.cameras).toEqual(['Front Door']);
    expect(auditLines()).toContainEqual(`user "${user.username}" changed by ${adminName} (127.0.0.1): cameras now only "Front Door"`);
    expect((await patchUser(user.id, { cameras: null })).json<User>().cameras).toBeNull();
    expect(auditLines()).toContainEqual(expect.stringMatching(/cameras now all/));
  });

  it('refuses unknown cameras, a list for an admin, a non-admin and an admin on themselves', async () => {
    const { user, token } = await signedInUser(app, ['cameras:access', 'settings:general:edit']);
    const unknown = await patchUser(user.id, { cameras: ['Garden', 'Nowhere'] });
    expect([unknown.statusCode, errorCode(unknown)]).toEqual([400, 'VALIDATION_FAILED']);
    expect(unknown.json<{ error: { details: unknown } }>().error.details).toEqual([{ path: 'cameras.1', message: 'CAMERA_UNKNOWN' }]);
    const toAdmin = await patchUser(user.id, { permissionLevel: ['admin'], cameras: ['Garden'] });
    expect(toAdmin.json<{ error: { details: unknown } }>().error.details).toEqual([{ path: 'cameras', message: 'CAMERAS_ADMIN_UNLIMITED' }]);
    const own = await patchUser(user.id, { cameras: null }, token);
    expect([own.statusCode, errorCode(own)]).toEqual([403, 'FORBIDDEN']);
    const adminSelf = await signedInUser(app, ['admin']);
    const self = await patchUser(adminSelf.user.id, { cameras: ['Garden'] }, adminSelf.token);
    expect([self.statusCode, errorCode(self)]).toEqual([403, 'CANNOT_CHANGE_OWN_PERMISSIONS']);
    const created = await app.inject({ method: 'POST', url: '/api/users', headers: bearer(admin), payload: { username: 'guest-x', password: 'guest-password-1', permissionLevel: ['cameras:access'], cameras: ['garden'] } });
    expect([created.statusCode, created.json<User>().cameras]).toEqual([201, ['Garden']]);
  });

  it('a user made admin loses the list (admins see every camera)', async () => {
    const { user } = await limitedUser(app, ['cameras:access'], ['Garden']);
    const promoted = await patchUser(user.id, { permissionLevel: ['admin'] });
    expect(promoted.json<User>().cameras).toBeNull();
    expect((await app.homecam.repositories.users.findById(user.id))?.cameras).toBeNull();
  });
});

describe('the lists follow the cameras', () => {
  it('a renamed camera is renamed in every list, a removed one leaves them (a camera added later under its name stays hidden)', async () => {
    await app.homecam.cameras.create({ name: 'Shed', videoConfig: { source: SMALL_DEMO } });
    const { user } = await limitedUser(app, ['cameras:access'], ['Garden', 'Shed']);
    const renamed = await app.inject({ method: 'PATCH', url: '/api/cameras/Shed', headers: bearer(admin), payload: { name: 'Workshop', room: 'Outside' } });
    expect(renamed.statusCode).toBe(200);
    const list = async () => (await app.homecam.repositories.users.findById(user.id))?.cameras;
    await expect.poll(list).toEqual(['Garden', 'Workshop']);
    expect((await app.inject({ method: 'DELETE', url: '/api/cameras/Workshop', headers: bearer(admin) })).statusCode).toBe(204);
    await expect.poll(list).toEqual(['Garden']);
    await app.homecam.cameras.create({ name: 'Workshop', videoConfig: { source: SMALL_DEMO } });
    expect(await list()).toEqual(['Garden']);
  });

  it('a limited user who adds a camera may see it', async () => {
    const { user, token } = await limitedUser(app, ['cameras:access', 'settings:cameras:edit'], ['Garden']);
    const created = await app.inject({ method: 'POST', url: '/api/cameras', headers: bearer(token), payload: { name: 'Porch', videoConfig: { source: SMALL_DEMO } } });
    expect(created.statusCode).toBe(201);
    expect((await app.homecam.repositories.users.findById(user.id))?.cameras).toEqual(['Garden', 'Porch']);
    expect((await get<{ result: Camera[] }>('/api/cameras', token)).result.map((camera) => camera.name)).toEqual(['Garden', 'Porch']);
  });
});

describe('what a limited user is shown', () => {
  it('lists only their cameras, rooms, statuses, notifications and recordings (no system notification either)', async () => {
    const { user, token } = await limitedUser(app, ALL_BUT_ADMIN, ['Front Door']);
    const front = await seedCameraData(app, 'Front Door', user.id);
    const garage = await seedCameraData(app, 'Garage', user.id);
    await app.homecam.notifications.system('WARN', 'Garage offline', 'the camera Garage is offline');
    await app.homecam.cameras.update('Garage', { room: 'Garage Room' });

    expect((await get<{ result: Camera[] }>('/api/cameras', token)).result.map((camera) => camera.name)).toEqual(['Front Door']);
    const rooms = (await get<{ result: Room[] }>('/api/rooms', token)).result;
    expect(rooms.map((room) => room.name)).not.toContain('Garage Room');
    expect(rooms.reduce((sum, room) => sum + room.cameras, 0)).toBe(1);
    expect((await get<SystemStatus>('/api/system/status', token)).cameras.total).toBe(1);
    const notifications = (await get<{ result: { id: string; camera: string | null }[] }>('/api/notifications?limit=100', token)).result;
    expect(notifications.map((n) => n.camera)).toEqual(['Front Door']);
    expect(notifications.map((n) => n.id)).toEqual([front.notification]);
    const recordings = (await get<{ result: { id: string }[] }>('/api/recordings?limit=100', token)).result;
    expect(recordings.map((r) => r.id)).toEqual([front.recording]);
    expect((await get<{ result: { id: string }[] }>('/api/exports', token)).result.map((job) => job.id)).toEqual([front.export]);
    expect((await app.inject({ url: `/api/exports/${garage.export}`, headers: bearer(token) })).statusCode).toBe(404);

    // "Delete all" of a limited user deletes only their cameras' notifications.
    const removed = await app.inject({ method: 'DELETE', url: '/api/notifications', headers: bearer(token) });
    expect(removed.json<{ removed: number }>().removed).toBe(1);
    expect(await app.homecam.repositories.notifications.get(garage.notification)).toBeDefined();
    expect(await app.homecam.notifications.count()).toBeGreaterThan(0);
  });
});

describe('an API token of a limited user', () => {
  it('sees only the owner\'s cameras, and a camera taken off the list is gone for it at once', async () => {
    const { user, token } = await limitedUser(app, ['cameras:access'], ['Front Door', 'Garden']);
    const created = await app.inject({ method: 'POST', url: '/api/account/tokens', headers: bearer(token), payload: { name: 'Home Assistant', scopes: ['cameras:access'], expiresInDays: 30 } });
    expect(created.statusCode, created.body).toBe(201);
    const apiToken = created.json<{ token: string }>().token;
    expect((await get<{ result: Camera[] }>('/api/cameras', apiToken)).result.map((camera) => camera.name)).toEqual(['Front Door', 'Garden']);
    await patchUser(user.id, { cameras: ['Front Door'] });
    const garden = await app.inject({ url: '/api/cameras/Garden/status', headers: bearer(apiToken) });
    expect([garden.statusCode, errorCode(garden)]).toEqual([404, 'CAMERA_NOT_FOUND']);
  });
});
