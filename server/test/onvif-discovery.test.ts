import { fileURLToPath } from 'node:url';
import { runInNetworkNamespace } from '@homecam/tools';
import type { OnvifDiscovered, OnvifDiscovery } from '@homecam/shared';
import { describe, expect, it } from 'vitest';
import { appForSuite } from './helpers/suite-app.js';

/**
 * Issue 22, "Find cameras": WS-Discovery is multicast, so the whole exchange (two fake cameras, the app, its API)
 * runs in a network namespace of its own with only lo (tools/src/netns.ts); nothing reaches a real network.
 */
const CHILD = fileURLToPath(new URL('./netns/onvif-discovery-child.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

describe('finding ONVIF cameras (WS-Discovery in a network namespace)', () => {
  it('lists what answered with name, model and address, marks the one already added, and hides loopback from non-admins', async () => {
    const result = await runInNetworkNamespace([TSX, '--conditions=source', CHILD], { timeoutMs: 110_000 });
    expect(result.code, result.stderr).toBe(0);
    const { progress, asEditor, urls, probes } = JSON.parse(result.stdout) as { progress: OnvifDiscovery[]; asEditor: OnvifDiscovery; urls: string[]; probes: number };
    expect(probes).toBe(2);
    expect(progress[0]).toMatchObject({ state: 'running', durationMs: 1_500, failed: false });
    const done = progress.at(-1);
    expect(done?.state).toBe('done');
    expect(done?.elapsedMs).toBe(1_500);
    const byName = Object.fromEntries((done?.devices ?? []).map((device): [string, OnvifDiscovered] => [device.name ?? '', device]));
    expect(byName.Porch).toEqual({ address: urls[0], hostname: '127.0.0.1', port: Number(new URL(urls[0] ?? '').port), name: 'Porch', model: 'FakeCam PTZ', manufacturer: 'HomeCam', addedAs: null });
    expect(byName.Garden).toMatchObject({ address: urls[1], hostname: '127.0.0.2', model: 'FakeCam Bullet', addedAs: 'Garden cam' });
    expect(done?.devices).toHaveLength(2);
    expect(asEditor).toMatchObject({ state: 'done', devices: [] });
  }, 120_000); // the child transpiles the whole server with tsx first: seconds on a loaded machine
});

describe('finding ONVIF cameras with the search switched off (HOMECAM_ONVIF_DISCOVERY=off)', () => {
  const suite = appForSuite({ admin: ['admin'] }, { app: { onvif: { discovery: false } } });

  it('answers at once that the search is not possible, so the page asks for an address', async () => {
    const started = await suite.app.inject({ method: 'POST', url: '/api/onvif/discovery', headers: suite.bearer('admin') });
    expect(started.json()).toEqual({ state: 'done', elapsedMs: 0, durationMs: 0, failed: true, devices: [] });
  });
});
