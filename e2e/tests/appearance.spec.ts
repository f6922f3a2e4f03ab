import { STORAGE_KEYS } from '@homecam/shared';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signInWithForm, waitForApp } from '../support/pages.js';

test('theme, colour and language choices survive a reload @phone', async ({ page, server, adminApi: _admin }) => {
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(html).toHaveAttribute('data-theme-color', 'pink');

  await page.goto(`${server.url}/settings/appearance`);
  await waitForApp(page);
  await page.getByTestId('theme-mode-light').click();
  await page.getByTestId('theme-color-green').click();
  await page.getByTestId('language-select').selectOption('de');

  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(html).toHaveAttribute('data-theme-color', 'green');
  await expect(html).toHaveAttribute('lang', 'de');

  await page.reload();
  await waitForApp(page);
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(html).toHaveAttribute('data-theme-color', 'green');
  await expect(html).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Darstellung');
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.language)).toBe('de');
});
