import { startCameraSimulator, startFakeOnvif, type CameraSimulator, type FakeOnvifDevice } from '@homecam/tools';
import { ADMIN } from '../support/api.js';
import { expect, test as base } from '../support/fixtures.js';
import { signInWithForm } from '../support/pages.js';
import { startServer } from '../support/server.js';

/**
 * Issue 22 in Chromium, with the real search: "Find cameras" sends its WS-Discovery multicast probe, the fake ONVIF
 * camera (tools/onvif-fake, streaming the RTSP simulator) answers it on UDP 3702, and the camera is added from the
 * list. This runs only in a network namespace with lo alone (support/netns-runner.ts, playwright.netns.config.ts),
 * so the server's search is switched on here and the multicast stays on this machine.
 */
const test = base.extend<{ camera: { sim: CameraSimulator; device: FakeOnvifDevice } }>({
  server: async ({}, use) => {
    const server = await startServer({ HOMECAM_ONVIF_DISCOVERY: 'on' });
    await use(server);
    await server.stop();
  },
  camera: async ({}, use) => {
    const sim = await startCameraSimulator({ cameras: 1, mainSize: '640x360', subSize: '320x180', fps: 10, audio: false });
    const rtsp = sim.cameras[0];
    if (!rtsp) throw new Error('no simulated camera');
    const device = await startFakeOnvif({
      streams: { main: rtsp.mainUrl, sub: rtsp.subUrl },
      password: 'cam-pass',
      discovery: true,
      name: 'Porch',
      model: 'FakeCam PTZ',
    });
    try {
      await use({ sim, device });
    } finally {
      await device.stop();
      await sim.close();
    }
  },
});

test('find the fake camera by the WS-Discovery search, add it, and watch it live', async ({ page, server, adminApi: _admin, camera }) => {
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/settings/cameras`);
  await page.getByTestId('camera-find-open').click();

  const dialog = page.getByTestId('onvif-dialog');
  await expect(dialog.getByTestId('onvif-progress')).toHaveAttribute('data-state', 'done');
  await expect(dialog.getByTestId('onvif-progress')).toContainText('Cameras found: 1');
  expect(camera.device.callsOf('Probe').length, 'the fake camera heard the multicast probe').toBeGreaterThan(0);
  const found = dialog.getByTestId('onvif-device');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('Porch');
  await expect(found).toContainText(`HomeCam · FakeCam PTZ 127.0.0.1:${camera.device.port}`);
  await expect(found.getByTestId('onvif-device-added')).toHaveCount(0);

  await found.getByTestId('onvif-device-pick').click();
  await expect(dialog.getByTestId('onvif-user')).toHaveValue('admin');
  await dialog.getByTestId('onvif-password').fill('cam-pass');
  await dialog.getByTestId('onvif-read').click();

  const form = page.getByTestId('camera-form-dialog');
  await expect(form.getByTestId('camera-field-name')).toHaveValue('Porch');
  const rtspHost = new URL(camera.sim.cameras[0]?.mainUrl ?? '').host;
  await expect(form.getByTestId('camera-field-videoConfig.source')).toHaveValue(`rtsp://admin:cam-pass@${rtspHost}/main`);
  await expect(form.getByTestId('camera-field-videoConfig.subSource')).toHaveValue(/\/sub$/);
  await page.getByTestId('camera-form-submit').click();
  await expect(page.getByTestId('toast')).toContainText('Camera Porch added');

  await page.goto(`${server.url}/cameras/Porch`);
  await expect(page.getByTestId('live-player')).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
});
