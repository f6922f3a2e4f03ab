import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signInWithForm } from '../support/pages.js';

test('admins change the recordings and notifications blocks of config.json; others see why they cannot', async ({ page, server, adminApi }) => {
  await adminApi.createUser('viewer', 'viewer-password-1', ['settings:notifications:access', 'settings:recordings:access']);
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`${server.url}/settings/recordings`);
  await expect(page.getByTestId('settings-recordings-remove-after')).toHaveValue('7');
  await expect(page.getByTestId('settings-recordings-timer')).toBeDisabled();
  await page.getByTestId('settings-recordings-remove-after').fill('0');
  await expect(page.getByTestId('settings-recordings-submit')).toBeDisabled();
  await page.getByTestId('settings-recordings-remove-after').fill('3');
  await page.getByTestId('settings-recordings-max-size').fill('20');
  await page.getByTestId('settings-recordings-submit').click();
  await expect(page.getByTestId('toast')).toHaveAttribute('data-toast-type', 'success');
  await expect
    .poll(async () => adminApi.request<{ removeAfter: number; maxSizeGB?: number; timer: number }>('GET', '/api/config/recordings'))
    .toMatchObject({ removeAfter: 3, maxSizeGB: 20, timer: 10 });

  await page.goto(`${server.url}/settings/notifications`);
  await page.getByTestId('settings-notifications-active').uncheck();
  await page.getByTestId('settings-notifications-remove-after').fill('24');
  await page.getByTestId('settings-notifications-submit').click();
  await expect(page.getByTestId('toast')).toHaveAttribute('data-toast-type', 'success');
  await page.reload();
  await expect(page.getByTestId('settings-notifications-remove-after')).toHaveValue('24');
  await expect(page.getByTestId('settings-notifications-active')).not.toBeChecked();

  await page.getByTestId('profile-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(`${server.url}/`);
  await signInWithForm(page, server.url, 'viewer', 'viewer-password-1');
  // No main screen is open to this user: the landing page is a settings page.
  await expect(page).toHaveURL(/\/settings\//);
  await page.goto(`${server.url}/settings/notifications`);
  await expect(page.getByTestId('settings-admin-only')).toBeVisible();
});
