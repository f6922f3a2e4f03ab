import { readFile } from 'node:fs/promises';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signInWithForm, waitForApp, waitForRealtime } from '../support/pages.js';

test('the console shows a log line caused by the test within 1 s; chips filter it; the download has it', async ({ page, server, adminApi: _adminApi }) => {
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/console`);
  await expect(page.getByTestId('console-list')).toBeVisible();
  // The backlog has loaded (the sign-in itself was logged), and live lines can arrive.
  await expect(page.getByTestId('console-line').first()).toBeVisible();
  await waitForRealtime(page);

  // A request to a unique path: Fastify logs it at info ("incoming request GET /api/…").
  const marker = `console-e2e-${Date.now().toString(36)}`;
  await fetch(`${server.url}/api/${marker}`);
  const line = page.getByTestId('console-line').filter({ hasText: marker }).first();
  await expect(line).toBeVisible({ timeout: 1_000 });
  await expect(line).toHaveAttribute('data-source', 'http');

  // MQTT only: the HTTP line goes; HTTP as well: it is back (chips add up).
  await page.getByTestId('console-chip-source:mqtt').click();
  await expect(line).toBeHidden();
  await page.getByTestId('console-chip-source:http').click();
  await expect(line).toBeVisible();
  await page.getByTestId('console-chip-source:mqtt').click();
  await page.getByTestId('console-chip-source:http').click();

  // Text search narrows to the marker's lines.
  await page.getByTestId('console-search').fill(marker);
  await expect(page.getByTestId('console-line').filter({ hasNotText: marker })).toHaveCount(0);
  await expect(line).toBeVisible();

  // Paused: a new line is counted, not shown; resume shows it.
  await page.getByTestId('console-pause').click();
  const second = `${marker}-paused`;
  await fetch(`${server.url}/api/${second}`);
  await expect(page.getByTestId('console-pause')).toHaveText(/\([1-9]\d* /);
  await expect(page.getByTestId('console-line').filter({ hasText: second })).toHaveCount(0);
  await page.getByTestId('console-pause').click();
  await expect(page.getByTestId('console-line').filter({ hasText: second }).first()).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByTestId('console-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('homecam.log');
  expect(await readFile(await download.path(), 'utf8')).toContain(marker);

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
