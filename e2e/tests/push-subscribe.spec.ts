import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { chooseLanguage, signInWithForm } from '../support/pages.js';

/**
 * Issue 17 #7, spec §4: the app subscribes to push whenever notification permission is not denied, without the user
 * first turning it on per device. Playwright's contexts are incognito, where Chromium has no Push API: the attempt
 * fails there and is only logged (spec §8), which is what this test sees of it.
 */
test('after sign-in the app fetches the server key and subscribes by itself, which asks the browser', async ({ page, server, adminApi: _admin }) => {
  await chooseLanguage(page, 'de');
  const serverKey = page.waitForRequest((request) => request.url().endsWith('/api/subscribe') && request.method() === 'GET');
  const attempt = page.waitForEvent('console', (message) => message.text().startsWith('[push] subscription failed'));
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await serverKey;
  await attempt;

  // The subscription asked the browser for the permission by itself (no click on the device switch); headless
  // Chromium answers such a request with "denied", and the account page says so.
  await expect.poll(() => page.evaluate(() => Notification.permission)).toBe('denied');
  await page.goto(`${server.url}/settings/account`);
  await expect(page.getByTestId('push-device-toggle')).not.toBeChecked();
  await expect(page.getByTestId('push-device-hint')).toHaveText(
    'Benachrichtigungen für HomeCam sind in diesem Browser blockiert. Erlauben Sie sie in den Website-Einstellungen, um sie einzuschalten.',
  );
});
