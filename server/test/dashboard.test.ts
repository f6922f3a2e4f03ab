import type { DashboardLayout, DashboardLayoutResponse } from '@homecam/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { expectError } from './helpers/http.js';
import { createTestApp } from './helpers/test-app.js';
import { ALL_BUT_ADMIN, bearer, signedInUser } from './helpers/users.js';

let app: HomecamApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const URL = '/api/dashboard/layout';

function board(...types: DashboardLayout['widgets'][number]['type'][]): DashboardLayout {
  return {
    version: 1,
    locked: false,
    widgets: types.map((type, index) => ({ id: `w${index}`, type, x: (index * 4) % 12, y: index, w: 4, h: 3, settings: {} })),
  };
}

async function put(token: string, payload: unknown) {
  return app.inject({ method: 'PUT', url: URL, headers: bearer(token), payload: payload as Record<string, unknown> });
}

async function get(token: string) {
  return app.inject({ method: 'GET', url: URL, headers: bearer(token) });
}

describe('dashboard layout', () => {
  it('is null until saved, then the saved board comes back with its time', async () => {
    const { token } = await signedInUser(app, ['dashboard:access']);
    expect((await get(token)).json()).toEqual({ layout: null, updatedAt: null });
    const layout = { ...board('time', 'camera'), locked: true };
    layout.widgets[1]!.settings = { camera: 'Front', mode: 'snapshot', refreshSeconds: 30 };
    const saved = await put(token, layout);
    expect(saved.statusCode).toBe(200);
    const body = (await get(token)).json<DashboardLayoutResponse>();
    expect(body.layout).toEqual(layout);
    expect(Date.parse(body.updatedAt ?? '')).not.toBeNaN();
  });

  it('keeps two users apart: each reads and writes only their own board', async () => {
    const alice = await signedInUser(app, ['dashboard:access']);
    const bob = await signedInUser(app, ['dashboard:access', 'cameras:access']);
    await put(alice.token, board('time'));
    await put(bob.token, board('camera', 'shortcuts'));
    expect((await get(alice.token)).json<DashboardLayoutResponse>().layout?.widgets.map((w) => w.type)).toEqual(['time']);
    expect((await get(bob.token)).json<DashboardLayoutResponse>().layout?.widgets.map((w) => w.type)).toEqual(['camera', 'shortcuts']);
    // Replacing one leaves the other alone.
    await put(alice.token, board('notifications'));
    expect((await get(bob.token)).json<DashboardLayoutResponse>().layout?.widgets).toHaveLength(2);
    expect((await get(alice.token)).json<DashboardLayoutResponse>().layout?.widgets[0]?.type).toBe('notifications');
  });

  it('refuses bad layouts with VALIDATION_FAILED and keeps the saved one', async () => {
    const { token } = await signedInUser(app, ['dashboard:access']);
    await put(token, board('time'));
    const duplicate = board('time', 'rss');
    duplicate.widgets[1]!.id = 'w0';
    const bad: unknown[] = [
      { ...board('time'), version: 2 },
      { ...board(), widgets: [{ ...board('time').widgets[0], type: 'minesweeper' }] },
      { ...board(), widgets: [{ ...board('time').widgets[0], x: 12 }] },
      { ...board(), widgets: [{ ...board('time').widgets[0], id: '../etc' }] },
      { ...board('time'), extra: true },
      duplicate,
      { ...board(), widgets: Array.from({ length: 41 }, (_, i) => ({ ...board('time').widgets[0], id: `w${i}` })) },
      { ...board(), widgets: [{ ...board('time').widgets[0], settings: { text: 'x'.repeat(5000) } }] },
    ];
    for (const payload of bad) expectError(await put(token, payload), 400, 'VALIDATION_FAILED');
    expect((await get(token)).json<DashboardLayoutResponse>().layout?.widgets.map((w) => w.type)).toEqual(['time']);
  });

  it('refuses a body over the size cap with PAYLOAD_TOO_LARGE', async () => {
    const { token } = await signedInUser(app, ['dashboard:access']);
    const huge = { ...board('time'), padding: 'x'.repeat(300 * 1024) };
    expectError(await put(token, huge), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('needs dashboard:access (admin passes)', async () => {
    const without = await signedInUser(app, ALL_BUT_ADMIN.filter((p) => p !== 'dashboard:access'));
    expectError(await get(without.token), 403, 'FORBIDDEN');
    expectError(await put(without.token, board('time')), 403, 'FORBIDDEN');
    expectError(await app.inject({ method: 'GET', url: URL }), 401, 'UNAUTHENTICATED');
    const admin = await signedInUser(app, ['admin']);
    expect((await put(admin.token, board('console'))).statusCode).toBe(200);
    expect((await get(admin.token)).json<DashboardLayoutResponse>().layout?.widgets[0]?.type).toBe('console');
  });

  it('goes with the user', async () => {
    const { user, token } = await signedInUser(app, ['dashboard:access']);
    await put(token, board('time'));
    expect(await app.homecam.repositories.dashboardLayouts.find(user.id)).not.toBeNull();
    await app.homecam.users.delete(user.id);
    expect(await app.homecam.repositories.dashboardLayouts.find(user.id)).toBeNull();
  });

  it('a stored row that no longer parses reads as no layout instead of failing', async () => {
    const { user, token } = await signedInUser(app, ['dashboard:access']);
    await app.homecam.repositories.dashboardLayouts.save(user.id, '{"version":9}', '2026-01-01T00:00:00.000Z');
    expect((await get(token)).json()).toEqual({ layout: null, updatedAt: '2026-01-01T00:00:00.000Z' });
  });
});
