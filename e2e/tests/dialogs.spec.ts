import type { Page } from '@playwright/test';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signInWithForm } from '../support/pages.js';

/** Whether the focused element sits inside the element with this test id. */
const focusInside = (page: Page, testId: string) =>
  page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`)?.contains(document.activeElement) ?? false, testId);

const pageOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).overflow);

test('dialogs: Tab stays inside, the page is locked behind, Escape closes only the topmost, focus returns @phone', async ({ page, server, adminApi: _admin }) => {
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/settings/user`);

  const opener = page.getByTestId('add-user-open');
  await opener.click();
  const dialog = page.getByTestId('add-user-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('add-user-username')).toBeFocused();
  expect(await pageOverflow(page)).toBe('hidden');

  // More presses than the dialog has fields and buttons, both ways round: focus never leaves it.
  const count = await dialog.locator('input, button, select, textarea, a[href]').count();
  for (let press = 0; press < count + 5; press += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInside(page, 'add-user-dialog'), `after Tab #${press + 1}`).toBe(true);
  }
  for (let press = 0; press < count + 5; press += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside(page, 'add-user-dialog'), `after Shift+Tab #${press + 1}`).toBe(true);
  }

  // A second modal dialog on top (as a confirm would be): Escape closes it alone.
  await page.evaluate(() => {
    const confirm = document.createElement('dialog');
    confirm.dataset.testid = 'stacked-confirm';
    confirm.innerHTML = '<button>ok</button>';
    confirm.addEventListener('close', () => confirm.remove());
    document.body.append(confirm);
    confirm.showModal();
  });
  await expect(page.getByTestId('stacked-confirm')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('stacked-confirm')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  expect(await pageOverflow(page)).toBe('hidden');

  // Escape again closes the dialog itself; the page scrolls again and focus is back on the opener.
  await page.getByTestId('add-user-username').focus();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  expect(await pageOverflow(page)).not.toBe('hidden');
});

test('dialogs: a confirm opened from a list closes on Escape and gives focus back to its button', async ({ page, server, adminApi }) => {
  await adminApi.createUser('visitor', 'visitor-password-1', ['cameras:access']);
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/settings/user`);

  const remove = page.getByTestId('user-delete-visitor');
  await remove.click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toBeVisible();
  for (let press = 0; press < 6; press += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInside(page, 'confirm-dialog')).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(remove).toBeFocused();
});
