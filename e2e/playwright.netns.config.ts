import { networkInterfaces } from 'node:os';
import { defineConfig } from '@playwright/test';
import base from './playwright.config.js';

/**
 * Specs whose server sends real WS-Discovery multicast (tests-netns/). They run only inside a network namespace
 * with nothing but lo (support/netns-runner.ts starts Playwright under `unshare -n`): refusing here keeps a direct
 * `playwright test -c playwright.netns.config.ts` from probing the machine's real network.
 */
const interfaces = Object.keys(networkInterfaces());
if (interfaces.some((name) => name !== 'lo')) {
  throw new Error(`playwright.netns.config.ts runs only in a network namespace with lo alone (found ${interfaces.join(', ')}): use \`npm run test:netns -w @homecam/e2e\``);
}

export default defineConfig({
  ...base,
  testDir: './tests-netns',
  workers: 1,
  projects: (base.projects ?? []).filter((project) => project.name === 'desktop'),
});
