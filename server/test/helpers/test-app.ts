import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { buildApp, type BuildAppOptions, type HomecamApp } from '../../src/app.js';

/** argon2id at its cheapest: the tests check behaviour, not hash strength, and the machine is shared. */
export const FAST_HASHING = { memoryCost: 256, timeCost: 1 } as const;

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/**
 * A fresh data directory, removed after the test file. With `config`, it starts with that config.json (as a hand
 * edit would leave it: the app fills in the defaults and validates it on start).
 */
export async function makeDataDir(config?: object): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'homecam-test-'));
  dirs.push(dir);
  if (config) await writeFile(join(dir, 'config.json'), JSON.stringify(config));
  return dir;
}

export type TestAppOptions = Partial<BuildAppOptions>;

/**
 * The real app on a real SQLite file. Defaults keep tests fast and quiet: cheap hashing, silent logs,
 * millisecond throttle delays, no pause between paced password checks, and a web dir that does not exist (the
 * "not built" page). The first-start password is `master` as given through HOMECAM_ADMIN_PASSWORD, so a test that
 * writes cameras into config.json before the first start is not refused (first-start.test.ts covers the refusal with `adminPassword: undefined`).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<HomecamApp> {
  const dataDir = options.dataDir ?? (await makeDataDir());
  return buildApp({
    logLevel: 'silent',
    passwordHashing: FAST_HASHING,
    webDir: join(dataDir, 'no-web-build'),
    adminPassword: 'master',
    ...options,
    loginThrottle: { baseDelayMs: 1, maxDelayMs: 4, ...options.loginThrottle },
    // Paced checks still run one at a time, without the second between them (login-pacing.test.ts sets it).
    accountPacing: { intervalMs: 0, ...options.accountPacing },
    // The disk of a test machine may be nearly full: no low-space WARN unless a test asks for it.
    lowSpaceBytes: options.lowSpaceBytes ?? (() => 0),
    dataDir,
  });
}

/** Listens on a free loopback port; returns the base URL. */
export async function listen(app: HomecamApp): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}`;
}
