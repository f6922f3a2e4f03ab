import type { Permission } from '@homecam/shared';
import { afterAll, beforeAll } from 'vitest';
import type { HomecamApp } from '../../src/app.js';
import { createTestApp, listen, type TestAppOptions } from './test-app.js';
import { bearer, signedInUser } from './users.js';

/** The app a test file (or describe block) shares, and a session token for each user it named. */
export interface SuiteApp<User extends string> {
  readonly app: HomecamApp;
  readonly token: Readonly<Record<User, string>>;
  /** The base URL, for suites that asked to listen on a port; empty otherwise. */
  readonly url: string;
  /** The authorization header of one of the named users. */
  bearer(user: User): { authorization: string };
}

export interface SuiteAppOptions {
  /** Options for createTestApp; a function when they need something made first (a data dir, a clock). */
  app?: TestAppOptions | (() => Promise<TestAppOptions>);
  /** Listen on a free loopback port (for WebSocket, socket.io and raw HTTP clients). */
  listen?: boolean;
}

/**
 * Starts the real app once before the tests of the enclosing file or describe block and closes it after them,
 * with one signed-in user per entry of `users` (name → permissions). The fields are filled in by a `beforeAll`
 * hook registered here, so read them inside tests and later hooks, never at the top level of a file. Hooks the
 * caller registers afterwards run after this one, so they may use `suite.app` already.
 */
export function appForSuite<User extends string>(users: Record<User, Permission[]>, options: SuiteAppOptions = {}): SuiteApp<User> {
  const suite = {
    app: undefined as unknown as HomecamApp,
    token: {} as Record<User, string>,
    url: '',
    bearer: (user: User) => bearer(suite.token[user]),
  };
  beforeAll(async () => {
    suite.app = await createTestApp(typeof options.app === 'function' ? await options.app() : options.app);
    if (options.listen) suite.url = await listen(suite.app);
    for (const [name, permissions] of Object.entries(users) as [User, Permission[]][]) {
      suite.token[name] = (await signedInUser(suite.app, permissions)).token;
    }
  });
  afterAll(async () => {
    await suite.app?.close();
  });
  return suite;
}
