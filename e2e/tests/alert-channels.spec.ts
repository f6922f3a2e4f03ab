import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signInWithForm } from '../support/pages.js';

test('Settings → Notifications shows the alert channels with their status, a test answer and the system-level choice', async ({ page, server, adminApi, allowConsoleErrors }) => {
  // The admin's browser has no push subscription: the test answers 502 ALERT_TEST_FAILED on purpose.
  allowConsoleErrors(/status of 502/);
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/settings/notifications`);

  const push = page.getByTestId('alert-channel-push');
  await expect(push).toBeVisible();
  await expect(push.getByTestId('alert-channel-push-enabled')).toHaveAttribute('data-enabled', 'true');
  await expect(push.getByTestId('alert-channel-push-last-success')).toHaveText('never');
  await expect(push.getByTestId('alert-channel-push-dropped')).toHaveText('0');

  await push.getByTestId('alert-channel-push-test').click();
  await expect(push.getByTestId('alert-channel-push-test-result')).toHaveText('The test message could not be sent.');
  // The failure is the channel's last error now (the status refreshes after a test).
  await expect(push.getByTestId('alert-channel-push-last-error')).toContainText('no device of yours is subscribed');

  await page.getByTestId('settings-notifications-alert-levels').selectOption('error');
  await page.getByTestId('settings-notifications-submit').click();
  await expect(page.getByTestId('toast').last()).toHaveAttribute('data-toast-type', 'success');
  await expect
    .poll(async () => adminApi.request<{ alertLevels: string[] }>('GET', '/api/settings/notifications'))
    .toMatchObject({ alertLevels: ['ERROR'] });
  await page.reload();
  await expect(page.getByTestId('settings-notifications-alert-levels')).toHaveValue('error');
});
