import { test as base, expect } from '@playwright/test';
import { completeFirstStart, type Api } from './api.js';
import { startServer, type RunningServer } from './server.js';

interface Fixtures {
  server: RunningServer;
  /** An admin API client on a server whose first start is done. */
  adminApi: Api;
  /** Console messages that a test expects (e.g. the 401 of a wrong password); anything else fails the test. */
  allowConsoleErrors: (pattern: RegExp) => void;
}

/**
 * Playwright's browser contexts are incognito, where Chromium has no Push API: the app's subscription (spec §4:
 * whenever notifications are not denied) fails there; Chromium says so and the app logs it (spec §8: logged only).
 */
const PUSH_IN_INCOGNITO = [/does not support the Push API in incognito mode/, /^warning: \[push\] subscription failed /];

const LOG_TAIL_LINES = 80;

function serverLogTail(title: string, output: string): string {
  const lines = output.trimEnd().split('\n');
  return [`--- the server's last ${Math.min(LOG_TAIL_LINES, lines.length)} of ${lines.length} log lines (${title}) ---`, ...lines.slice(-LOG_TAIL_LINES), '---', ''].join('\n');
}

export const test = base.extend<Fixtures>({
  server: async ({}, use, testInfo) => {
    const server = await startServer();
    await use(server);
    // A failed test prints its server's last log lines: a run elsewhere (CI) keeps no files to read afterwards.
    if (testInfo.status !== testInfo.expectedStatus) process.stderr.write(serverLogTail(testInfo.title, server.output()));
    await server.stop();
  },
  // The browser context depends on the server, so Playwright closes the pages before it stops the server:
  // otherwise the app's socket reconnects would log refused connections after the test.
  context: async ({ context, server: _server }, use) => {
    await use(context);
  },
  adminApi: async ({ server }, use) => {
    const api = await completeFirstStart(server.url);
    // WebRTC ICE on loopback only (the browser runs on the same machine); never offer the LAN address in tests.
    await api.request('PATCH', '/api/config/webrtc', { active: true, bindAddress: '127.0.0.1' });
    await use(api);
  },
  allowConsoleErrors: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [...PUSH_IN_INCOGNITO];
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') errors.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use((pattern) => allowed.push(pattern));
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
