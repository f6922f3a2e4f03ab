import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/camera-simulator.js';
import { chooseLanguage, signInWithForm, waitForRealtime } from '../support/pages.js';

/**
 * Issue 17: a camera in privacy mode or disabled shows as itself (translated, with the privacy image), never as a
 * broken connection ("Connection lost, reconnecting…") or "Idle" — on the camera page, its status and the list.
 */
test('privacy mode and a disabled camera show as themselves, in German @phone', async ({ page, server, adminApi, simulator }) => {
  const [first, second] = simulator.cameras;
  if (!first || !second) throw new Error('the simulator should run two cameras');
  await adminApi.createCamera('Porch', first.mainUrl, { privacyMode: true });
  await adminApi.createCamera('Shed', second.mainUrl, { disable: true });
  await chooseLanguage(page, 'de');
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`${server.url}/cameras/Porch`);
  const privacy = page.getByTestId('camera-off-air');
  await expect(privacy).toHaveAttribute('data-off-air', 'privacy');
  await expect(page.getByTestId('camera-off-air-title')).toHaveText('Privatsphäre-Modus');
  // The privacy image the server serves as this camera's snapshot, loaded.
  await expect.poll(() => privacy.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId('live-player')).toHaveCount(0);
  await expect(page.getByTestId('player-overlay')).toHaveCount(0);
  const status = page.getByTestId('camera-status');
  await expect(status).toHaveAttribute('data-state', 'privacy');
  await expect(status).toHaveText('Privatsphäre-Modus');

  await page.goto(`${server.url}/cameras/Shed`);
  await expect(page.getByTestId('camera-off-air')).toHaveAttribute('data-off-air', 'disabled');
  await expect(page.getByTestId('camera-off-air-title')).toHaveText('Kamera deaktiviert');
  await expect(page.getByTestId('camera-status')).toHaveText('Deaktiviert');
  await expect(page.getByText('Die Kamera ist offline')).toHaveCount(0);

  // The list: each card says why there is no picture.
  await page.goto(`${server.url}/cameras`);
  const porch = page.getByTestId('camera-card-Porch');
  await expect(porch.getByTestId('camera-off-air')).toHaveAttribute('data-off-air', 'privacy');
  await expect(porch.getByTestId('camera-status')).toHaveAttribute('data-state', 'privacy');
  const shed = page.getByTestId('camera-card-Shed');
  await expect(shed.getByTestId('camera-off-air-title')).toHaveText('Kamera deaktiviert');
  await expect(shed.getByTestId('camera-status')).toHaveAttribute('data-state', 'disabled');

  // Leaving privacy mode brings the live picture back without a reload.
  await page.goto(`${server.url}/cameras/Porch`);
  await expect(page.getByTestId('camera-off-air')).toBeVisible();
  await waitForRealtime(page);
  await adminApi.request('PATCH', '/api/cameras/Porch', { privacyMode: false });
  await expect(page.getByTestId('live-player')).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await expect(page.getByTestId('camera-off-air')).toHaveCount(0);
  await expect(page.getByTestId('camera-status')).not.toHaveAttribute('data-state', 'privacy');
});
