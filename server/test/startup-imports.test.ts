import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { makeDataDir } from './helpers/test-app.js';

const run = promisify(execFile);
const APP = fileURLToPath(new URL('../src/app.ts', import.meta.url));
const RECORDER = fileURLToPath(new URL('./startup/record-packages.mjs', import.meta.url));

/**
 * Packages most starts never use are imported on first use (a passkey ceremony, an MQTT or SMTP trigger, a feed,
 * HomeKit switched on): together they took ~1.5 s of every server start and of every test file that builds the app.
 * Importing app.ts must not load them again through a new top-level import somewhere.
 */
const ON_DEMAND = ['@simplewebauthn/server', 'mqtt', 'smtp-server', 'postal-mime', 'feedsmith', 'hap-nodejs'];

describe('what importing the app loads', () => {
  it('loads none of the packages that are imported on first use', async () => {
    const record = join(await makeDataDir(), 'packages.txt');
    await run(process.execPath, ['--conditions=source', '--import', 'tsx', '--import', RECORDER, '--input-type=module', '-e', `await import(${JSON.stringify(APP)});`], {
      env: { ...process.env, HOMECAM_RECORD_PACKAGES: record },
      timeout: 60_000,
    });
    const urls = (await readFile(record, 'utf8')).split('\n').filter(Boolean);
    // the record works: the app's own packages are in it
    expect(urls.some((url) => url.includes('/node_modules/fastify/'))).toBe(true);
    const loaded = ON_DEMAND.filter((name) => urls.some((url) => url.includes(`/node_modules/${name}/`)));
    expect(loaded).toEqual([]);
  }, 90_000);
});
