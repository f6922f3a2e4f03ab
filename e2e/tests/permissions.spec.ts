import { expect, test } from '../support/fixtures.js';
import { signInWithForm } from '../support/pages.js';

test('a user with only cameras:access sees only permitted items and is turned away elsewhere @phone', async ({
  page,
  server,
  adminApi,
}) => {
  await adminApi.createUser('viewer', 'viewer-password', ['cameras:access']);
  await signInWithForm(page, server.url, 'viewer', 'viewer-password');
  await expect(page).toHaveURL(/\/cameras$/);

  await page.getByTestId('navbar-menu').click();
  await expect(page.getByTestId('nav-cameras')).toBeVisible();
  for (const hidden of ['dashboard', 'recordings', 'notifications', 'camview', 'console', 'config', 'utilization', 'plugins']) {
    await expect(page.getByTestId(`nav-${hidden}`)).toHaveCount(0);
  }
  await expect(page.getByTestId('nav-settings')).toBeVisible();
  await expect(page.getByTestId('notification-bell')).toHaveCount(0);

  await page.goto(`${server.url}/recordings`);
  await expect(page.getByTestId('toast')).toContainText('Recordings: Permission required');
  await expect(page).toHaveURL(/\/settings\/account$/);
});

test('an unknown path shows the 404 page without chrome', async ({ page, server }) => {
  await page.goto(`${server.url}/no/such/page`);
  await expect(page.getByText('The page you requested could not be found')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await expect(page.getByTestId('navbar')).toHaveCount(0);
  await expect(page.getByTestId('footer')).toHaveCount(0);
});
