import { waitFor } from '@homecam/tools';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { bridgeAddresses } from '../src/homekit/bind.js';
import { freePort, pair } from './helpers/hap.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';

/**
 * N13 (probe 2026-11-28): with `--host 127.0.0.1` the HomeKit bridge still listened on `*:<port>`. Without
 * `homekit.bind` it now follows the server's host: HAP listens there and mDNS advertises there only.
 */

/** The local addresses of the TCP sockets listening on `port`, as the kernel reports them (Linux /proc). */
async function listeningOn(port: number): Promise<string[]> {
  const found: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = (await readFile(file, 'utf8')).split('\n').slice(1);
    for (const line of lines) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== '0A' || !local) continue; // 0A: LISTEN
      const [hex = '', portHex = ''] = local.split(':');
      if (parseInt(portHex, 16) !== port) continue;
      if (hex.length === 8) found.push([3, 2, 1, 0].map((i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16)).join('.'));
      else found.push(/^0+$/.test(hex) ? '::' : hex.toLowerCase());
    }
  }
  return found;
}

let app: HomecamApp | undefined;
/** HAP's storage is per process: every bridge of this file uses the same data directory, one after the other. */
let dataDir: string | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function startBridge(homekit: object, host: string | undefined): Promise<number> {
  dataDir ??= await makeDataDir();
  const port = await freePort();
  await writeFile(join(dataDir, 'config.json'), JSON.stringify({ recordings: { active: false }, homekit: { active: true, name: 'Host Bridge', port, ...homekit } }));
  app = await createTestApp({ dataDir, homekit: { host } });
  const a = app;
  await waitFor(() => a.modules.homekit.bridge.status().state !== 'starting' && a.modules.homekit.bridge.status().state !== 'off', { timeoutMs: 15_000, message: 'the bridge published' });
  expect(a.modules.homekit.bridge.status()).toMatchObject({ state: 'running', lastError: null });
  return port;
}

describe('the HomeKit bridge follows --host (N13)', () => {
  it('with --host 127.0.0.1 and no homekit.bind, HAP listens on 127.0.0.1 only and still pairs there', async () => {
    const port = await startBridge({}, '127.0.0.1');
    expect(await listeningOn(port)).toEqual(['127.0.0.1']);
    const status = app!.modules.homekit.bridge.status();
    const client = await pair(status.bridgeId!, port, status.setupCode!);
    await client.close();
  });

  it('homekit.bind, when set, decides instead (hap-nodejs then listens on every interface, as documented)', async () => {
    const port = await startBridge({ bind: ['127.0.0.1'] }, '127.0.0.1');
    expect(await listeningOn(port)).not.toEqual(['127.0.0.1']);
  });

  it('what the bridge is told for each combination of homekit.bind and --host', () => {
    const lo = { lo: [{ address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' }] } as const;
    const table = lo as unknown as Parameters<typeof bridgeAddresses>[2];
    expect(bridgeAddresses(undefined, '127.0.0.1', table)).toEqual({ bind: ['127.0.0.1'], listenHost: '127.0.0.1' });
    expect(bridgeAddresses([], '[::1]', table)).toEqual({ bind: ['::1'], listenHost: '::1' });
    expect(bridgeAddresses(['lo'], '192.168.1.5', table)).toEqual({ bind: ['lo'], listenHost: undefined });
    for (const host of [undefined, '0.0.0.0', '::', 'homecam.lan']) {
      expect(bridgeAddresses(undefined, host, table), String(host)).toEqual({ bind: undefined, listenHost: undefined });
    }
  });
});
