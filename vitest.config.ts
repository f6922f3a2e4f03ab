import { defineConfig } from 'vitest/config';

// One runner for every workspace. `source` makes @homecam/shared resolve to its TypeScript sources,
// so tests never run against a stale build.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    // Two test files at a time on a 2-core machine (Vitest's default is one fewer than the cores: one). A server
    // test file mostly waits on ffmpeg, the camera simulator and timers, and each starts a fresh process that
    // imports the app (~3 s); one at a time the full run (about 310 files) left the second core idle for most
    // of its 17 minutes. Measured, the same machine: 1925 s wall with one (load ~10), 1105 s with two (load 2-9).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/{src,test}/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'tools',
          include: ['tools/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
    ],
  },
});
