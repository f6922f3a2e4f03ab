import type { Room } from '@homecam/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { addCamera, expectError } from './helpers/http.js';
import { createTestApp } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

let app: HomecamApp;
let editor: string;
let viewer: string;

beforeAll(async () => {
  app = await createTestApp();
  editor = (await signedInUser(app, ['settings:general:access', 'settings:general:edit'])).token;
  viewer = (await signedInUser(app, ['cameras:access'])).token;
  const admin = (await signedInUser(app, ['admin'])).token;
  for (const [name, room] of [['Door', 'Garden'], ['Yard', 'garden'], ['Hall', undefined], ['Attic', 'Loft']] as const) {
    await addCamera(app, admin, { name, ...(room ? { room } : {}), videoConfig: { source: 'rtsp://cam/live' } });
  }
});
afterAll(() => app.close());

const rooms = async (token = viewer): Promise<Room[]> =>
  (await app.inject({ url: '/api/rooms', headers: bearer(token) })).json<{ result: Room[] }>().result;
const roomOf = (camera: string): string => app.homecam.cameras.get(camera).room;
const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(editor), ...(payload ? { payload } : {}) });

describe('rooms', () => {
  it('lists the default room first, then stored rooms, then rooms known only from cameras, with camera counts', async () => {
    expect(await rooms()).toEqual([
      { name: 'Standard', cameras: 1 },
      { name: 'Garden', cameras: 2 },
      { name: 'Loft', cameras: 1 },
    ]);
    const created = await call('POST', '/api/rooms', { name: '  Kitchen ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ name: 'Kitchen', cameras: 0 });
    expect((await rooms(editor)).map((r) => r.name)).toEqual(['Standard', 'Kitchen', 'Garden', 'Loft']);
  });

  it('refuses duplicates (any case) and empty names with the spec messages', async () => {
    const duplicate = await call('POST', '/api/rooms', { name: 'KITCHEN' });
    expectError(duplicate, 409, 'ROOM_EXISTS');
    expect(duplicate.json()).toMatchObject({ error: { message: 'room already exists' } });
    expectError(await call('POST', '/api/rooms', { name: 'garden' }), 409, 'ROOM_EXISTS');
    expectError(await call('POST', '/api/rooms', { name: 'standard' }), 409, 'ROOM_EXISTS');
    for (const payload of [{ name: '   ' }, {}]) {
      const empty = await call('POST', '/api/rooms', payload);
      expectError(empty, 400, 'VALIDATION_FAILED');
      expect(empty.json()).toMatchObject({ error: { details: [{ path: 'name', message: 'ROOM_NAME_REQUIRED' }] } });
    }
  });

  it('renames a room and moves its cameras with it (any case)', async () => {
    const renamed = await call('PATCH', '/api/rooms/garden', { name: 'Backyard' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ name: 'Backyard', cameras: 2 });
    expect([roomOf('Door'), roomOf('Yard')]).toEqual(['Backyard', 'Backyard']);
    expect((await rooms()).map((r) => r.name)).toEqual(['Standard', 'Kitchen', 'Backyard', 'Loft']);
    // a change of case only is a rename, not a conflict
    expect((await call('PATCH', '/api/rooms/Backyard', { name: 'BackYard' })).statusCode).toBe(200);
    expect(roomOf('Door')).toBe('BackYard');

    expectError(await call('PATCH', '/api/rooms/BackYard', { name: 'kitchen' }), 409, 'ROOM_EXISTS');
    expectError(await call('PATCH', '/api/rooms/Nowhere', { name: 'Somewhere' }), 404, 'ROOM_NOT_FOUND');
    expectError(await call('PATCH', '/api/rooms/Standard', { name: 'Default' }), 409, 'ROOM_IS_DEFAULT');
    expectError(await call('PATCH', '/api/rooms/BackYard', { name: '' }), 400, 'VALIDATION_FAILED');
  });

  it('deletes a room, moving its cameras to the default room; the default room stays', async () => {
    expect((await call('DELETE', '/api/rooms/BackYard')).statusCode).toBe(204);
    expect([roomOf('Door'), roomOf('Yard')]).toEqual(['Standard', 'Standard']);
    // a room known only from a camera (hand-edited config) can be deleted too
    expect((await call('DELETE', '/api/rooms/loft')).statusCode).toBe(204);
    expect(roomOf('Attic')).toBe('Standard');
    expect(await rooms()).toEqual([
      { name: 'Standard', cameras: 4 },
      { name: 'Kitchen', cameras: 0 },
    ]);
    const standard = await call('DELETE', '/api/rooms/standard');
    expectError(standard, 409, 'ROOM_IS_DEFAULT');
    expectError(await call('DELETE', '/api/rooms/BackYard'), 404, 'ROOM_NOT_FOUND');
  });

  it('survives a restart (stored in SQLite)', async () => {
    const dataDir = app.homecam.dataDir;
    await app.close();
    app = await createTestApp({ dataDir });
    editor = (await signedInUser(app, ['settings:general:edit'])).token;
    expect((await rooms(editor)).map((r) => r.name)).toEqual(['Standard', 'Kitchen']);
  });
});
