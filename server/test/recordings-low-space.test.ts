import type { NotificationList } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { createTestApp } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * D2/F15 through the app, on the real disk of the test's data directory: with a threshold above its free space
 * (this disk counts as nearly full), a fresh install raises one WARN notification about the recordings disk,
 * without any retention setting and before anything failed.
 */
let app: HomecamApp;
let admin: string;

beforeAll(async () => {
  app = await createTestApp({ lowSpaceBytes: () => Number.MAX_SAFE_INTEGER });
  admin = (await signedInUser(app, ['admin'])).token;
});
afterAll(() => app.close());

const warnings = async () => {
  const list = (await app.inject({ url: '/api/notifications', headers: bearer(admin) })).json<NotificationList>();
  return list.result.filter((n) => n.level === 'WARN' && n.title === 'Recordings');
};

describe('a fresh install with a nearly full recordings disk', () => {
  it('gets one WARN notification naming the free space and what to do, and nothing is deleted', async () => {
    const settings = (await app.inject({ url: '/api/settings/recordings', headers: bearer(admin) })).json<{ minFreeGB: null; maxSizeGB: null }>();
    expect(settings).toMatchObject({ minFreeGB: null, maxSizeGB: null });
    await waitFor(async () => (await warnings()).length === 1, { message: 'the low-space warning' });
    const [warning] = await warnings();
    expect(warning?.message).toMatch(/^Only [\d.]+ [MG]B free on the recordings disk \(of [\d.]+ [MG]B\): recordings will fail when it is full/);
    expect(warning?.message).toContain('Settings → Recordings');
  });
});
