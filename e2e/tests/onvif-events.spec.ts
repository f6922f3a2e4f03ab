import { startFakeOnvif } from '@homecam/tools';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signInWithForm } from '../support/pages.js';

/**
 * Issue 22 in Chromium: the camera form shows the camera's ONVIF event subscription as the server pushes it
 * (socket `onvifEventStatus`), without asking again: the fake ONVIF camera (tools/onvif-fake) goes away and comes
 * back, and the form follows; one GET when the form opens, none after, even with the page's clock run past many
 * of the old 5 s polls. The plugins page lists the subscriptions as one trigger.
 */
test('the camera form follows the ONVIF event subscription as the camera goes and comes back, without polling', async ({ page, server, adminApi }) => {
  const device = await startFakeOnvif({ streams: { main: 'rtsp://127.0.0.1:9/main', sub: 'rtsp://127.0.0.1:9/sub' }, password: 'cam-pass' });
  try {
    const onvif = { url: `http://admin:cam-pass@127.0.0.1:${device.port}/onvif/device_service` };
    await adminApi.createCamera('Porch', 'rtsp://127.0.0.1:9/none', { onvif, onvifEvents: true });
    let asked = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/cameras/Porch/onvif-events')) asked += 1;
    });
    await page.clock.install();
    await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`${server.url}/settings/cameras`);
    await page.getByTestId('camera-edit-Porch').click();
    const dialog = page.getByTestId('camera-form-dialog');
    await dialog.getByTestId('camera-form-group-onvif').click();
    const status = dialog.getByTestId('camera-onvif-events-status');
    await expect(status).toHaveAttribute('data-state', 'connected', { timeout: 15_000 });
    await expect(status).toContainText('Connected');
    // The page's timers run 12 s ahead: a 5 s poll would have asked twice more.
    await page.clock.runFor(12_000);

    await device.stop();
    await expect(status).toHaveAttribute('data-state', 'retrying');
    await expect(status).toContainText('Not connected, retrying');
    await expect(dialog.getByTestId('camera-onvif-events-status-problem')).toBeVisible();
    await device.start();
    // The server's back-off (2 s, doubling) decides when it subscribes again.
    await expect(status).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });
    device.emitMotion(true);
    await expect(dialog.getByTestId('camera-onvif-events-status-last-event')).toContainText('Last event');
    expect(asked).toBe(1);

    await page.goto(`${server.url}/plugins`);
    const card = page.getByTestId('plugin-onvif-events');
    await expect(card).toContainText('ONVIF camera events');
    await expect(card.getByTestId('plugin-detail')).toHaveText('1 camera · 1 subscribed, 0 retrying');
  } finally {
    await device.stop();
  }
});
