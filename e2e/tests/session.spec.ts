import { STORAGE_KEYS } from '@homecam/shared';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signInWithForm, waitForApp } from '../support/pages.js';

test('sign-out clears the stored user, photo and last page', async ({ page, server, adminApi: _admin }) => {
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/settings/appearance`);
  await waitForApp(page);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.lastPage)).toBe('/settings/appearance');

  await page.getByTestId('navbar-menu').click();
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('sign-out').click();

  await expect(page).toHaveURL(`${server.url}/`);
  const stored = await page.evaluate(
    (keys) => keys.map((key) => localStorage.getItem(key)),
    [STORAGE_KEYS.user, STORAGE_KEYS.userImg, STORAGE_KEYS.lastPage],
  );
  expect(stored).toEqual([null, null, null]);
});

test('a session revoked elsewhere sends the user to the login on the next navigation', async ({
  page,
  server,
  adminApi: _admin,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 401/);
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  const token = await page.evaluate((key) => {
    const stored = localStorage.getItem(key);
    return stored ? (JSON.parse(stored) as { access_token: string }).access_token : '';
  }, STORAGE_KEYS.user);
  const revoked = await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  expect(revoked.status).toBe(204);

  await page.getByTestId('navbar-menu').click();
  await page.getByTestId('nav-settings').click();
  await expect(page).toHaveURL(`${server.url}/`);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.user)).toBeNull();
});
