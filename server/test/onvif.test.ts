import { startFakeOnvif, waitFor, type FakeOnvifDevice } from '@homecam/tools';
import type { OnvifInspectResult } from '@homecam/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './helpers/http.js';
import { closeAllLive, openLive } from './helpers/live.js';
import { appForSuite } from './helpers/suite-app.js';
import { simulatorForSuite } from './helpers/suite-simulator.js';

/**
 * Issue 22: reading an ONVIF camera's profiles into a camera (against tools/onvif-fake, whose stream URIs are the
 * real RTSP simulator's), the error codes of a wrong password, a far-off clock and a hung camera, and PTZ
 * requests reaching the camera with the permissions they need. Discovery (multicast) is in onvif-discovery.test.ts.
 */
const sim = simulatorForSuite({ cameras: 1, mainSize: '640x360', subSize: '320x180', fps: 10, audio: false });
const suite = appForSuite(
  { admin: ['admin'], editor: ['settings:cameras:edit', 'cameras:access'], viewer: ['cameras:access'], other: ['dashboard:access'] },
  { listen: true, app: { onvif: { timeoutMs: 1_500, safetyStopMs: 400 } } },
);
let device: FakeOnvifDevice;

beforeAll(async () => {
  device = await startFakeOnvif({
    streams: { main: sim.camera.mainUrl, sub: sim.camera.subUrl },
    mainSize: { width: 640, height: 360 },
    subSize: { width: 320, height: 180 },
    user: 'admin',
    password: 'p@ss word',
    model: 'FakeCam PTZ',
  });
});
afterAll(async () => {
  closeAllLive();
  await device?.stop();
});
afterEach(() => {
  device.setClockSkew(0);
  device.setUnresponsive(false);
});

const inspect = (user: 'admin' | 'editor' | 'viewer', body: object) =>
  suite.app.inject({ method: 'POST', url: '/api/onvif/inspect', headers: suite.bearer(user), payload: body });
const post = (user: 'admin' | 'editor' | 'viewer' | 'other', url: string, payload?: object) =>
  suite.app.inject({ method: 'POST', url, headers: suite.bearer(user), ...(payload ? { payload } : {}) });

describe('reading an ONVIF camera into the camera form', () => {
  it('prefills main and sub stream with the credentials, the snapshot and the resolution; the camera then streams', async () => {
    const answer = await inspect('admin', { address: `127.0.0.1:${device.port}`, user: 'admin', password: 'p@ss word' });
    expect(answer.statusCode).toBe(200);
    const form = answer.json<OnvifInspectResult>();
    expect(form).toMatchObject({
      name: 'FakeCam PTZ',
      manufacturer: 'HomeCam',
      source: `rtsp://admin:p%40ss%20word@127.0.0.1:${sim.camera.port}/main`,
      subSource: `rtsp://admin:p%40ss%20word@127.0.0.1:${sim.camera.port}/sub`,
      stillImageSource: `http://admin:p%40ss%20word@127.0.0.1:${device.port}/onvif/snapshot/main.jpg`,
      width: 640,
      height: 360,
      onvif: { url: `http://admin:p%40ss%20word@127.0.0.1:${device.port}/onvif/device_service`, ptz: true },
      warnings: [],
    });
    const created = await post('admin', '/api/cameras', {
      name: 'Porch',
      videoConfig: { source: form.source, subSource: form.subSource, stillImageSource: form.stillImageSource },
      onvif: form.onvif,
    });
    expect(created.statusCode).toBe(201);
    const viewerCopy = await suite.app.inject({ method: 'GET', url: '/api/cameras/Porch', headers: suite.bearer('viewer') });
    expect(viewerCopy.body).not.toContain('p%40ss');
    expect(viewerCopy.json<{ onvif: { url: string } }>().onvif.url).toContain('admin:********@');
    const live = openLive(suite.url, 'Porch', { token: suite.token.viewer });
    await waitFor(() => live.fragments().length >= 2, { timeoutMs: 20_000, message: 'live video from the simulator' });
    const snapshot = await suite.app.inject({ method: 'GET', url: '/api/cameras/Porch/snapshot', headers: suite.bearer('viewer') });
    expect(snapshot.statusCode).toBe(200);
    live.close();
  });

  it('says the password is wrong, and that the clock is far off when that is the likelier cause', async () => {
    expectError(await inspect('admin', { address: device.url, user: 'admin', password: 'wrong' }), 422, 'ONVIF_AUTH_FAILED');
    device.setClockSkew(-2 * 3600);
    const skewed = await inspect('admin', { address: device.url, user: 'admin', password: 'wrong' });
    expectError(skewed, 422, 'ONVIF_CLOCK_SKEW');
    expect(skewed.json<{ error: { details: { clockOffsetSeconds: number } } }>().error.details.clockOffsetSeconds).toBeCloseTo(-7200, -1);
    expect(skewed.body).not.toContain('wrong');
  });

  it('works with a camera clock far off (signing in its time) and says so', async () => {
    device.setClockSkew(3 * 3600);
    const answer = await inspect('admin', { address: device.url, user: 'admin', password: 'p@ss word' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<OnvifInspectResult>()).toMatchObject({ warnings: ['CLOCK_OFF'] });
    expect(Math.round(answer.json<OnvifInspectResult>().clockOffsetSeconds / 60)).toBe(180);
  });

  it('gives up on a camera that stops answering (ONVIF_TIMEOUT) and on a closed port (ONVIF_UNREACHABLE)', async () => {
    device.setUnresponsive(true);
    expectError(await inspect('admin', { address: device.url, user: 'admin', password: 'p@ss word' }), 504, 'ONVIF_TIMEOUT');
    device.setUnresponsive(false);
    expectError(await inspect('admin', { address: 'http://127.0.0.1:1/onvif/device_service', user: 'a', password: 'b' }), 502, 'ONVIF_UNREACHABLE');
  });

  it('refuses addresses before any request: other schemes, bad ports, metadata hosts; this machine to non-admins', async () => {
    const before = device.calls.length;
    for (const address of ['ftp://127.0.0.1/', 'http://127.0.0.1:70000/', 'http://169.254.169.254/', 'http://[fe80::1]/', 'file:///etc/passwd']) {
      expectError(await inspect('admin', { address, user: 'a', password: 'b' }), 400, 'VALIDATION_FAILED');
    }
    expectError(await inspect('editor', { address: device.url, user: 'admin', password: 'p@ss word' }), 403, 'CAMERA_SOURCE_ADMIN_ONLY');
    expectError(await inspect('viewer', { address: device.url, user: 'admin', password: 'p@ss word' }), 403, 'FORBIDDEN');
    const stored = await post('editor', '/api/cameras', { name: 'Sneaky', videoConfig: { source: 'rtsp://192.168.1.9/x' }, onvif: { url: device.url } });
    expectError(stored, 403, 'CAMERA_SOURCE_ADMIN_ONLY');
    expectError(await post('admin', '/api/cameras', { name: 'Meta', videoConfig: { source: 'rtsp://192.168.1.9/x' }, onvif: { url: 'http://169.254.169.254/' } }), 400, 'VALIDATION_FAILED');
    expect(device.calls.length).toBe(before);
  });
});

describe('PTZ on the camera page', () => {
  const ptz = (user: 'admin' | 'editor' | 'viewer' | 'other', path: string, payload?: object) => post(user, `/api/cameras/Porch/ptz/${path}`, payload);

  it('moves while held and stops on release; a move without renewal is stopped by the server', async () => {
    device.clearCalls();
    expect((await ptz('viewer', 'move', { pan: 0.5, tilt: -0.5 })).statusCode).toBe(200);
    expect(device.ptz.moving).toEqual({ pan: 0.5, tilt: -0.5, zoom: 0 });
    expect((await ptz('viewer', 'stop')).statusCode).toBe(200);
    expect(device.calls.filter((c) => c.service === 'ptz').map((c) => c.action)).toEqual(['ContinuousMove', 'Stop']);
    expect(device.callsOf('ContinuousMove')[0]?.params).toMatchObject({ pan: '0.5', tilt: '-0.5' });
    expect((await ptz('viewer', 'move', { zoom: 1 })).statusCode).toBe(200);
    await waitFor(() => device.callsOf('Stop').length === 2, { message: 'the safety stop' });
    expect(device.ptz.moving).toBeNull();
  });

  it('goes to, saves and removes presets and goes home, with the permissions each needs', async () => {
    await ptz('viewer', 'move', { pan: 0.2 });
    await ptz('viewer', 'stop');
    expectError(await ptz('viewer', 'presets', { name: 'Gate' }), 403, 'FORBIDDEN');
    const saved = await ptz('editor', 'presets', { name: 'Gate <&>' });
    expect(saved.statusCode).toBe(201);
    const { token } = saved.json<{ token: string }>();
    expect(device.ptz.presets.map((p) => p.name)).toEqual(['Gate <&>']);
    const list = await suite.app.inject({ method: 'GET', url: '/api/cameras/Porch/ptz', headers: suite.bearer('viewer') });
    expect(list.json()).toEqual({ presets: [{ token, name: 'Gate <&>' }] });
    expect((await ptz('viewer', `presets/${token}/goto`)).statusCode).toBe(200);
    expect((await ptz('viewer', 'home')).statusCode).toBe(200);
    expect(device.callsOf('GotoPreset')).toHaveLength(1);
    expect(device.callsOf('GotoHomePosition')).toHaveLength(1);
    const remove = (user: 'viewer' | 'editor') => suite.app.inject({ method: 'DELETE', url: `/api/cameras/Porch/ptz/presets/${token}`, headers: suite.bearer(user) });
    expectError(await remove('viewer'), 403, 'FORBIDDEN');
    expect((await remove('editor')).statusCode).toBe(200);
    expect(device.ptz.presets).toEqual([]);
    expectError(await ptz('viewer', 'presets/a%3Cb/goto'), 400, 'VALIDATION_FAILED');
  });

  it('refuses users without cameras:access and cameras without PTZ, sending the camera nothing', async () => {
    const before = device.calls.length;
    expectError(await ptz('other', 'move', { pan: 1 }), 403, 'FORBIDDEN');
    expectError(await ptz('viewer', 'move', { pan: 2 }), 400, 'VALIDATION_FAILED');
    await post('admin', '/api/cameras', { name: 'Plain', videoConfig: { source: 'rtsp://192.168.1.9/x' } });
    expectError(await post('viewer', '/api/cameras/Plain/ptz/move', { pan: 1 }), 409, 'ONVIF_NOT_CONFIGURED');
    expect(device.calls.length).toBe(before);
  });
});
