import { PERMISSIONS, type LoginResponse, type Permission } from '@homecam/shared';
import type { HomecamApp } from '../../src/app.js';
import type { UserRecord } from '../../src/repositories/user.repository.js';

export const DEFAULT_TEST_PASSWORD = 'test-password-1';

/** Every permission except admin: the strongest user that is still not an admin. */
export const ALL_BUT_ADMIN = PERMISSIONS.filter((p) => p !== 'admin');

let counter = 0;

export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}`;
}

/** Creates a user directly through the service (no HTTP), already past any first-start step. */
export async function createUser(
  app: HomecamApp,
  permissions: Permission[],
  overrides: { username?: string; password?: string; sessionTimer?: number } = {},
): Promise<UserRecord> {
  return app.homecam.users.create({
    username: overrides.username ?? uniqueName(),
    password: overrides.password ?? DEFAULT_TEST_PASSWORD,
    permissionLevel: permissions,
    sessionTimer: overrides.sessionTimer ?? 14_400,
  });
}

/** A fresh session for the user, without going through the login route (no throttle, no hashing). */
export async function tokenFor(app: HomecamApp, user: UserRecord): Promise<string> {
  const result = await app.homecam.auth.createSession(user, { ip: null, userAgent: 'vitest' });
  return result.token;
}

/** Creates a user and returns it with a session token. */
export async function signedInUser(
  app: HomecamApp,
  permissions: Permission[],
  overrides: { username?: string; password?: string; sessionTimer?: number } = {},
): Promise<{ user: UserRecord; token: string }> {
  const user = await createUser(app, permissions, overrides);
  return { user, token: await tokenFor(app, user) };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export async function login(app: HomecamApp, username: string, password: string) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  return { response, body: response.json<LoginResponse>() };
}

/** The first-start account (`master`) as stored. */
export async function masterUser(app: HomecamApp): Promise<UserRecord> {
  const master = await app.homecam.repositories.users.findByUsername('master');
  if (!master) throw new Error('no master account');
  return master;
}
