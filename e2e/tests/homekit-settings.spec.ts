import { freePort } from '@homecam/tools';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signInWithForm } from '../support/pages.js';

const SETUP_CODE = /^\d{3}-\d{2}-\d{3}$/;

test('the admin turns the HomeKit bridge on in Settings → System, sees the setup code and QR code, and resets the pairing @phone', async ({ page, server, adminApi }) => {
  // The bridge listens and advertises on loopback only: nothing on the LAN hears a test bridge.
  await adminApi.request('PATCH', '/api/config/homekit', { bind: ['127.0.0.1'], port: await freePort() });
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/settings/system`);

  const toggle = page.getByTestId('homekit-active');
  await expect(toggle).not.toBeChecked();
  await expect(page.getByTestId('homekit-setup-code')).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(page.getByTestId('homekit-state')).toHaveAttribute('data-state', 'running', { timeout: 20_000 });
  const code = page.getByTestId('homekit-setup-code');
  await expect(code).toHaveText(SETUP_CODE);
  const qr = page.getByTestId('homekit-qr');
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('data-uri', /^X-HM:\/\/[0-9A-Z]{13}$/);
  expect((await qr.boundingBox())?.width).toBeGreaterThanOrEqual(150);
  await expect(page.getByTestId('homekit-paired')).toBeVisible();
  const first = await code.textContent();
  const firstUri = await qr.getAttribute('data-uri');

  await page.getByTestId('homekit-reset').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(qr).not.toHaveAttribute('data-uri', firstUri ?? '');
  await expect(code).toHaveText(SETUP_CODE);
  // A new code (a fresh random code equal to the old one is a one-in-10^8 event; the URI carries a new setup id too).
  expect(`${await code.textContent()} ${await qr.getAttribute('data-uri')}`).not.toBe(`${first} ${firstUri}`);
  await expect(page.getByTestId('homekit-state')).toHaveAttribute('data-state', 'running', { timeout: 20_000 });
  await expect.poll(() => adminApi.request<{ setupCode: string }>('GET', '/api/homekit')).toMatchObject({ setupCode: await code.textContent() });
});
