import { SESSION_TIMER_MAX_S, SESSION_TIMER_SELF_MAX_S } from '@homecam/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { expectError } from './helpers/http.js';
import { createTestApp } from './helpers/test-app.js';
import { bearer, createUser, signedInUser, uniqueName } from './helpers/users.js';

/** What a user may do to its own account: review #22 (session length) and #14 (username discovery by rename). */
let app: HomecamApp;
let clock: FakeClock;
let adminToken: string;

beforeAll(async () => {
  clock = new FakeClock();
  app = await createTestApp({ clock });
  adminToken = (await signedInUser(app, ['admin'])).token;
});
afterAll(() => app.close());

const patch = (id: number, token: string, payload: object) =>
  app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: bearer(token), payload });

describe('own session timer (review #22)', () => {
  it('a non-admin may shorten it or set up to 30 days, never longer', async () => {
    const { user, token } = await signedInUser(app, ['dashboard:access']);
    expectError(await patch(user.id, token, { sessionTimer: SESSION_TIMER_MAX_S }), 403, 'SESSION_TIMER_ABOVE_LIMIT');
    expectError(await patch(user.id, token, { sessionTimer: SESSION_TIMER_SELF_MAX_S + 1 }), 403, 'SESSION_TIMER_ABOVE_LIMIT');
    expect((await app.homecam.users.get(user.id)).sessionTimer).toBe(14_400);
    expect((await patch(user.id, token, { sessionTimer: SESSION_TIMER_SELF_MAX_S })).statusCode).toBe(200);
    expect((await patch(user.id, token, { sessionTimer: 600 })).statusCode).toBe(200);
  });

  it('an admin sets any value within the schema, for others and itself; a longer one it set may be kept', async () => {
    const { user, token } = await signedInUser(app, ['dashboard:access']);
    expect((await patch(user.id, adminToken, { sessionTimer: SESSION_TIMER_MAX_S })).statusCode).toBe(200);
    // The user keeps (re-sends) what the admin gave, and may shorten it, but not go back up past 30 days.
    expect((await patch(user.id, token, { sessionTimer: SESSION_TIMER_MAX_S })).statusCode).toBe(200);
    expect((await patch(user.id, token, { sessionTimer: 5_000_000 })).statusCode).toBe(200);
    expectError(await patch(user.id, token, { sessionTimer: 6_000_000 }), 403, 'SESSION_TIMER_ABOVE_LIMIT');
    expectError(await patch(user.id, adminToken, { sessionTimer: SESSION_TIMER_MAX_S + 1 }), 400, 'VALIDATION_FAILED');
    const admin = await signedInUser(app, ['admin']);
    expect((await patch(admin.user.id, admin.token, { sessionTimer: SESSION_TIMER_MAX_S })).statusCode).toBe(200);
  });
});

describe('renaming oneself (review #14)', () => {
  it('a non-admin gets 5 taken names an hour, then 429; free renames and admins are not limited', async () => {
    const taken = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createUser(app, ['dashboard:access'], { username: uniqueName('taken') })));
    const { user, token } = await signedInUser(app, ['dashboard:access']);
    for (const other of taken.slice(0, 5)) expectError(await patch(user.id, token, { username: other.username }), 409, 'USERNAME_TAKEN');
    const refused = await patch(user.id, token, { username: taken[5]!.username });
    expectError(refused, 429, 'RATE_LIMITED');
    expect(refused.headers['retry-after']).toBe('3600');
    // Even a free name waits now: otherwise a 200 would still tell "free" from "taken".
    expectError(await patch(user.id, token, { username: uniqueName('free') }), 429, 'RATE_LIMITED');
    // Other changes still work, and so does an admin renaming anyone.
    expect((await patch(user.id, token, { sessionTimer: 900 })).statusCode).toBe(200);
    expectError(await patch(user.id, adminToken, { username: taken[5]!.username }), 409, 'USERNAME_TAKEN');
    const byAdmin = uniqueName('renamed');
    expect((await patch(user.id, adminToken, { username: byAdmin })).json()).toMatchObject({ username: byAdmin });
    clock.advance(3_600_000);
    const later = uniqueName('later');
    expect((await patch(user.id, token, { username: later })).json()).toMatchObject({ username: later });
  });

  it('parallel renames to taken names are counted before the check: at most 5 answer 409', async () => {
    const taken = await Promise.all(Array.from({ length: 20 }, () => createUser(app, ['dashboard:access'], { username: uniqueName('busy') })));
    const { user, token } = await signedInUser(app, ['dashboard:access']);
    const answers = await Promise.all(taken.map((other) => patch(user.id, token, { username: other.username })));
    expect(answers.filter((r) => r.statusCode === 409).length).toBeLessThanOrEqual(5);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(15);
  });
});
