import { afterEach } from 'vitest';
import type { HomecamApp } from '../../src/app.js';
import { FakeClock } from '../../src/lib/fake-clock.js';
import { createTestApp, type TestAppOptions } from './test-app.js';
import { signedInUser } from './users.js';

/**
 * A fresh app per test on a fake clock with one signed-in non-admin, closed after each test: what the account
 * suites (second factors, passkeys) start from. Call at the top of a describe block; it answers the set-up, which
 * takes the app's options (`logLevel: 'info'` for a test that reads the audit trail).
 */
export function signedInAppPerTest() {
  let app: HomecamApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  return async (options: TestAppOptions = {}) => {
    const clock = new FakeClock();
    app = await createTestApp({ clock, ...options });
    const { user, token } = await signedInUser(app, ['dashboard:access']);
    return { a: app, clock, user, token };
  };
}
