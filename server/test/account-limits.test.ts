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

describe('renaming oneself (review #14, F14 of the 2026-11-28 probe)', () => {
  it('a non-admin cannot rename itself: taken and free names get the same 403, nothing is looked up or changed', async () => {
    const keeper = await createUser(app, ['admin'], { username: uniqueName('keeper') });
    const { user, token } = await signedInUser(app, ['dashboard:access']);
    const taken = await patch(user.id, token, { username: keeper.username.toUpperCase() });
    const spaced = await patch(user.id, token, { username: ` ${keeper.username} ` });
    const free = await patch(user.id, token, { username: uniqueName('free') });
    for (const answer of [taken, spaced, free]) expectError(answer, 403, 'USERNAME_ADMIN_ONLY');
    // Byte for byte the same answer: a taken name cannot be told from a free one.
    expect(new Set([taken.body, spaced.body, free.body]).size).toBe(1);
    expect((await app.homecam.users.get(user.id)).username).toBe(user.username);
    // The rest of the account stays the user's own.
    expect((await patch(user.id, token, { sessionTimer: 900 })).statusCode).toBe(200);
  });

  it('a non-admin may still change the case of its own name (that names no one else)', async () => {
    const { user, token } = await signedInUser(app, ['dashboard:access'], { username: uniqueName('casey') });
    const upper = user.username.toUpperCase();
    expect((await patch(user.id, token, { username: upper })).json()).toMatchObject({ username: upper });
  });

  it('an admin renames anyone, itself included, and learns of a taken name (it lists the users anyway)', async () => {
    const other = await createUser(app, ['dashboard:access']);
    const { user } = await signedInUser(app, ['dashboard:access']);
    expectError(await patch(user.id, adminToken, { username: other.username }), 409, 'USERNAME_TAKEN');
    const byAdmin = uniqueName('renamed');
    expect((await patch(user.id, adminToken, { username: byAdmin })).json()).toMatchObject({ username: byAdmin });
    const admin = await signedInUser(app, ['admin']);
    const self = uniqueName('boss');
    expect((await patch(admin.user.id, admin.token, { username: self })).json()).toMatchObject({ username: self });
  });
});
