import type { RecordingList } from '@homecam/shared';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { chooseLanguage, signInWithForm } from '../support/pages.js';

/** Issue 17 #8, the smaller things a user trips over, in German. */
test.beforeEach(async ({ page }) => {
  await chooseLanguage(page, 'de');
});

test('"Remove after (hours)" = 0 states the rule, and the Telegram card carries its title once', async ({ page, server, adminApi: _admin }) => {
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/settings/notifications`);
  const hours = page.getByTestId('settings-notifications-remove-after');
  await hours.fill('0');
  await expect(page.getByTestId('settings-notifications-form')).toContainText('Eine ganze Zahl von 1 bis 8.760.');
  await expect(page.getByTestId('settings-notifications-submit')).toBeDisabled();

  const telegram = page.getByTestId('alert-channel-telegram');
  await expect(telegram.getByTestId('telegram-settings')).toBeVisible();
  await expect(telegram.getByRole('heading', { name: 'Telegram' })).toHaveCount(1);
});

test('a clip whose camera sent nothing is not listed as a 0 s / 0 B recording', async ({ page, server, adminApi, allowConsoleErrors }) => {
  // The camera is unreachable on purpose: its snapshots answer 503, and the removed clip's thumbnail 404.
  allowConsoleErrors(/status of (503|404)/);
  await adminApi.createCamera('Schuppen', 'rtsp://127.0.0.1:9/none');
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await adminApi.request('PUT', '/api/cameras/Schuppen/motion/start');
  await adminApi.request('PUT', '/api/cameras/Schuppen/motion/reset');
  // The clip starts, gets nothing in its recording time, and goes; the server says why.
  await expect.poll(() => server.output().includes('recording failed: nothing recorded, removed'), { timeout: 45_000 }).toBe(true);
  expect((await adminApi.request<RecordingList>('GET', '/api/recordings')).result).toEqual([]);
  expect(server.output()).not.toContain('"msg":"recording complete"');

  await page.goto(`${server.url}/recordings`);
  await expect(page.getByTestId('recordings-empty')).toBeVisible();
  await expect(page.locator('[data-testid^="recording-item-"]')).toHaveCount(0);
  // The event itself is still there.
  await page.goto(`${server.url}/notifications`);
  await expect(page.locator('main')).toContainText('Schuppen');
});
