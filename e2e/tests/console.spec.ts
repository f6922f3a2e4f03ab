import { STORAGE_KEYS } from '@homecam/shared';
import { readFile } from 'node:fs/promises';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signInWithForm, waitForApp, waitForRealtime } from '../support/pages.js';

test('the console is an audit trail: a camera added shows within 1 s, in German; chips filter it; the download has it', async ({ page, server, adminApi }) => {
  // German, before the app starts: the chips are translated, the lines are the server's (English) sentences.
  await page.addInitScript((key) => localStorage.setItem(key, 'de'), STORAGE_KEYS.language);
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/console`);
  await expect(page.getByTestId('console-list')).toBeVisible();
  // The backlog has loaded (the sign-in itself is a line of the trail), and live lines can arrive.
  await expect(page.getByTestId('console-line').filter({ hasText: `"${ADMIN.username}" signed in` }).first()).toBeVisible();
  await waitForRealtime(page);

  // A camera with a unique name, added by the admin: the trail names it and who added it.
  const marker = `console-e2e-${Date.now().toString(36)}`;
  await adminApi.createCamera(marker, '-i rtsp://127.0.0.1:9/none');
  const line = page.getByTestId('console-line').filter({ hasText: `camera "${marker}" added by ${ADMIN.username}` }).first();
  await expect(line).toBeVisible({ timeout: 1_000 });
  await expect(line).toHaveAttribute('data-source', 'camera');
  await expect(line).toHaveAttribute('data-level', 'info');

  // Users only ("Benutzer"): the camera line goes, the sign-in stays; the camera's own chip as well: it is back.
  const users = page.getByTestId('console-chip-source:users');
  await expect(users).toHaveText('Benutzer');
  await users.click();
  await expect(line).toBeHidden();
  await expect(page.getByTestId('console-line').filter({ hasText: 'signed in' }).first()).toBeVisible();
  await page.getByTestId(`console-chip-camera:${marker}`).click();
  await expect(line).toBeVisible();
  await users.click();
  await page.getByTestId(`console-chip-camera:${marker}`).click();

  // No request lines at the default level: the page's own API calls left none.
  await expect(page.getByTestId('console-line').filter({ hasText: 'request GET' })).toHaveCount(0);

  // Text search narrows to the marker's lines.
  await page.getByTestId('console-search').fill(marker);
  await expect(page.getByTestId('console-line').filter({ hasNotText: marker })).toHaveCount(0);
  await expect(line).toBeVisible();

  // Paused: a new line is counted, not shown; resume shows it.
  await page.getByTestId('console-pause').click();
  const second = `${marker}-paused`;
  await adminApi.createCamera(second, '-i rtsp://127.0.0.1:9/none');
  await expect(page.getByTestId('console-pause')).toHaveText(/\([1-9]\d* /);
  await expect(page.getByTestId('console-line').filter({ hasText: second })).toHaveCount(0);
  await page.getByTestId('console-pause').click();
  await expect(page.getByTestId('console-line').filter({ hasText: second }).first()).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByTestId('console-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('homecam.log');
  expect(await readFile(await download.path(), 'utf8')).toContain(`camera "${marker}" added by ${ADMIN.username}`);

  // Clear empties the view only.
  await page.getByTestId('console-clear').click();
  await expect(page.getByTestId('console-line')).toHaveCount(0);
});

test('@phone the console fits a phone: no sideways page scrolling, chips scroll in their row, lines visible', async ({ page, server, adminApi: _adminApi }) => {
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/console`);
  await waitForApp(page);
  await expect(page.getByTestId('console-line').first()).toBeVisible();
  // The chips are one row that scrolls sideways inside itself; the page does not.
  await expect(page.getByTestId('console-chip-source:http')).toBeInViewport();
  await page.getByTestId('console-chip-source:system').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('console-chip-source:system')).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('console-phone.png') });
});
