import { startFakeOnvif, waitFor, type FakeOnvifDevice } from '@homecam/tools';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * Issue 22: a camera's own ONVIF events through a pull-point subscription, against the fake ONVIF device from
 * tools (plain HTTP on 127.0.0.1). Short subscriptions (2 s) so renewals happen while the test waits for them.
 */
const STREAMS = { main: 'rtsp://127.0.0.1:9/main', sub: 'rtsp://127.0.0.1:9/sub' };
let app: HomecamApp;
let device: FakeOnvifDevice;
let admin: string;
const garageUrl = (password: string) => `http://admin:${password}@127.0.0.1:${device.port}/onvif/device_service`;

type Note = { type: string; trigger: string | null; level: string; title: string; message: string };

async function notifications(camera?: string): Promise<Note[]> {
  const query = camera ? `?cameras=${encodeURIComponent(camera)}` : '';
  const list = await app.inject({ url: `/api/notifications${query}`, headers: bearer(admin) });
  return list.json<{ result: Note[] }>().result;
}

async function status(camera: string) {
  const answer = await app.inject({ url: `/api/cameras/${encodeURIComponent(camera)}/onvif-events`, headers: bearer(admin) });
  return answer.json<{ state: string; problem: { code: string; message: string } | null; subscribedAt: string | null }>();
}

function patchCamera(camera: string, body: object) {
  return app.inject({ method: 'PATCH', url: `/api/cameras/${encodeURIComponent(camera)}`, headers: bearer(admin), payload: body });
}

beforeAll(async () => {
  device = await startFakeOnvif({ streams: STREAMS, user: 'admin', password: 'secret' });
  const dataDir = await makeDataDir();
  const camera = (name: string, extra: object) => ({ name, videoConfig: { source: 'rtsp://127.0.0.1:9/none' }, motionTimeout: 0, ...extra });
  await writeFile(
    join(dataDir, 'config.json'),
    JSON.stringify({
      recordings: { active: false },
      cameras: [
        // A bare address gets the default path; the credentials are inside the URL, as in camera sources.
        camera('Porch', { doorbell: true, onvifEvents: true, onvif: { url: `http://admin:secret@127.0.0.1:${device.port}` } }),
        camera('Garage', { onvifEvents: true, onvif: { url: garageUrl('wrong-password') } }),
      ],
    }),
  );
  app = await createTestApp({ dataDir, onvifEvents: { subscriptionSeconds: 2, pullSeconds: 1, requestTimeoutMs: 2000, retryMinMs: 50, retryMaxMs: 200 } });
  admin = (await signedInUser(app, ['admin'])).token;
});

afterAll(async () => {
  await app?.close();
  await device?.stop();
});

describe('ONVIF camera events', () => {
  it('motion on the camera notifies; its end resets the motion', async () => {
    await waitFor(async () => (await status('Porch')).state === 'connected', { message: 'Porch subscribed' });
    device.emitMotion(true);
    await waitFor(() => app.homecam.cameraEvents.inMotion('Porch'), { message: 'motion started' });
    await waitFor(async () => (await notifications('Porch')).some((n) => n.type === 'motion' && n.trigger === 'onvif'), { message: 'a motion notification' });
    device.emitMotion(false);
    await waitFor(() => !app.homecam.cameraEvents.inMotion('Porch'), { message: 'motion reset' });
  });

  it('a digital input rings the doorbell of a doorbell camera; tampering is a warning', async () => {
    device.emitEvent('tns1:Device/Trigger/DigitalInput', 'LogicalState', 'true');
    await waitFor(async () => (await notifications('Porch')).some((n) => n.type === 'doorbell' && n.trigger === 'onvif'), { message: 'a doorbell notification' });
    device.emitEvent('tns1:VideoSource/GlobalSceneChange/ImagingService', 'State', 'true');
    await waitFor(async () => (await notifications()).some((n) => n.level === 'WARN' && n.message.includes('Porch') && n.message.includes('tampering')), {
      message: 'a tamper warning',
    });
  });

  it('renews the subscription before it ends, instead of making new ones', async () => {
    const before = device.callsOf('Renew').length;
    await waitFor(() => device.callsOf('Renew').length >= before + 2, { message: 'two renewals', timeoutMs: 10_000 });
    expect(device.callsOf('Renew').every((call) => call.authenticated)).toBe(true);
    expect(device.callsOf('Renew').at(-1)?.params.TerminationTime).toBe('PT2S');
  });

  it('subscribes again after the camera restarts, and events flow again', async () => {
    const created = device.callsOf('CreatePullPointSubscription').filter((call) => call.authenticated).length;
    await device.stop();
    await waitFor(async () => (await status('Porch')).state === 'retrying', { message: 'Porch retrying' });
    await device.start();
    await waitFor(() => device.callsOf('CreatePullPointSubscription').filter((call) => call.authenticated).length > created, { message: 'a new subscription' });
    await waitFor(async () => (await status('Porch')).state === 'connected', { message: 'Porch connected again' });
    device.emitMotion(true);
    await waitFor(() => app.homecam.cameraEvents.inMotion('Porch'), { message: 'motion after the restart' });
    device.emitMotion(false);
    await waitFor(() => !app.homecam.cameraEvents.inMotion('Porch'), { message: 'motion reset after the restart' });
  });

  it('wrong credentials show the coded problem, without the password, and nothing crashes', async () => {
    await waitFor(async () => (await status('Garage')).problem?.code === 'AUTH_FAILED', { message: 'Garage AUTH_FAILED' });
    const garage = await status('Garage');
    expect(garage.state).toBe('retrying');
    expect(JSON.stringify(garage)).not.toContain('wrong-password');
    expect((await status('Porch')).state).toBe('connected');
  });

  it('masks the ONVIF password for non-admins; a masked password sent back keeps the stored one, for the same host only', async () => {
    const editor = (await signedInUser(app, ['settings:cameras:access', 'settings:cameras:edit'])).token;
    const read = await app.inject({ url: '/api/cameras/Garage', headers: bearer(editor) });
    const masked = read.json<{ onvif: { url: string } }>().onvif.url;
    expect(masked).toBe(garageUrl('********'));
    const kept = await app.inject({ method: 'PATCH', url: '/api/cameras/Garage', headers: bearer(editor), payload: { onvif: { url: masked }, motionTimeout: 5 } });
    expect(kept.statusCode).toBe(200);
    expect(app.homecam.cameras.find('Garage')?.onvif?.url).toBe(garageUrl('wrong-password'));
    const moved = await app.inject({
      method: 'PATCH',
      url: '/api/cameras/Garage',
      headers: bearer(editor),
      payload: { onvif: { url: 'http://admin:********@192.168.1.20:8080/onvif/device_service' } },
    });
    expect(moved.json<{ error: { code: string } }>().error.code).toBe('SECRET_RETYPE_REQUIRED');
  });

  it('only an admin points the ONVIF address at this machine', async () => {
    const editor = (await signedInUser(app, ['settings:cameras:access', 'settings:cameras:edit'])).token;
    const payload = { onvif: { url: 'http://admin:typed-again@127.0.0.1:1/onvif/device_service' } };
    const refused = await app.inject({ method: 'PATCH', url: '/api/cameras/Garage', headers: bearer(editor), payload });
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('CAMERA_SOURCE_ADMIN_ONLY');
    expect(app.homecam.cameras.find('Garage')?.onvif?.url).toBe(garageUrl('wrong-password'));
  });

  it('refuses an ONVIF address that is not an http(s) URL with a bounded port, or a metadata address', async () => {
    const refused = ['ftp://127.0.0.1/onvif', 'http://127.0.0.1:70000/', 'http://127.0.0.1:0/', 'not a url', 'http://169.254.169.254/', 'http://[fe80::1]/'];
    for (const url of refused) {
      const answer = await patchCamera('Garage', { onvif: { url } });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.body, url).toContain('ONVIF_ADDRESS_INVALID');
    }
  });

  it('disabling the camera unsubscribes it', async () => {
    await waitFor(async () => (await status('Porch')).state === 'connected', { message: 'Porch connected' });
    const before = device.callsOf('Unsubscribe').length;
    expect((await patchCamera('Porch', { disable: true })).statusCode).toBe(200);
    await waitFor(() => device.callsOf('Unsubscribe').length > before, { message: 'Unsubscribe reached the camera' });
    await waitFor(async () => (await status('Porch')).state === 'off', { message: 'Porch off' });
    expect(device.subscriptionCount).toBe(0);
  });
});
