/**
 * Runs inside the network namespace onvif-discovery.test.ts makes (runInNetworkNamespace: only lo, multicast
 * routed to it): two fake ONVIF cameras answer WS-Discovery, the real app searches through its API, once as an
 * admin and once as a camera editor, with a camera already added at one of them. Prints one JSON line.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeOnvif } from '@homecam/tools';
import type { OnvifDiscovery } from '@homecam/shared';
import { buildApp } from '../../src/app.js';
import { bearer, signedInUser } from '../helpers/users.js';

const streams = { main: 'rtsp://127.0.0.1:8554/main', sub: 'rtsp://127.0.0.1:8554/sub' };
const porch = await startFakeOnvif({ streams, discovery: true, name: 'Porch', model: 'FakeCam PTZ' });
const garden = await startFakeOnvif({ streams, discovery: true, host: '127.0.0.2', name: 'Garden', model: 'FakeCam Bullet' });
const dataDir = await mkdtemp(join(tmpdir(), 'homecam-netns-'));
const app = await buildApp({ dataDir, logLevel: 'silent', adminPassword: 'master', webDir: join(dataDir, 'no-web'), passwordHashing: { memoryCost: 256, timeCost: 1 }, onvif: { discoveryMs: 1_500 } });
try {
  const admin = bearer((await signedInUser(app, ['admin'])).token);
  const editor = bearer((await signedInUser(app, ['settings:cameras:edit'])).token);
  await app.inject({ method: 'POST', url: '/api/cameras', headers: admin, payload: { name: 'Garden cam', videoConfig: { source: 'rtsp://127.0.0.2:8554/main' } } });
  const started = (await app.inject({ method: 'POST', url: '/api/onvif/discovery', headers: admin })).json<OnvifDiscovery>();
  const progress: OnvifDiscovery[] = [started];
  for (;;) {
    const state = (await app.inject({ method: 'GET', url: '/api/onvif/discovery', headers: admin })).json<OnvifDiscovery>();
    progress.push(state);
    if (state.state === 'done') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const asEditor = (await app.inject({ method: 'GET', url: '/api/onvif/discovery', headers: editor })).json<OnvifDiscovery>();
  console.log(JSON.stringify({ progress, asEditor, urls: [porch.url, garden.url], probes: porch.callsOf('Probe').length + garden.callsOf('Probe').length }));
} finally {
  await app.close();
  await porch.stop();
  await garden.stop();
  await rm(dataDir, { recursive: true, force: true });
}
