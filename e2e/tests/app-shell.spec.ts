import type { Page } from '@playwright/test';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signInWithForm, waitForApp } from '../support/pages.js';

/** The active service worker's script URL once navigator.serviceWorker.ready resolves and it controls the page. */
async function controllingWorker(page: Page): Promise<string | null> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).not.toBeNull();
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
}

/** Script chunks the page asked for, by file name without the hash (CamerasPage-abc.js → CamerasPage). */
function recordChunks(page: Page): Set<string> {
  const chunks = new Set<string>();
  page.on('request', (request) => {
    const match = /\/assets\/([A-Za-z]+)-[\w-]+\.js$/.exec(new URL(request.url()).pathname);
    if (match?.[1]) chunks.add(match[1]);
  });
  return chunks;
}

test('the service worker registers and controls the page, the manifest is served, pages load as chunks', async ({
  page,
  server,
  adminApi: _admin,
}) => {
  const chunks = recordChunks(page);
  await page.goto(`${server.url}/`);
  await waitForApp(page);
  // The first visit ships the shell and the login form only.
  expect(chunks.has('CamerasPage')).toBe(false);
  expect(chunks.has('AppearanceSettingsPage')).toBe(false);

  expect(await controllingWorker(page)).toBe(`${server.url}/sw.js`);
  const worker = await page.request.get(`${server.url}/sw.js`);
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');

  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const manifest = await page.request.get(`${server.url}/manifest.webmanifest`);
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toMatch(/json/);
  const body = (await manifest.json()) as { name: string; display: string; icons: { src: string }[] };
  expect(body).toMatchObject({ name: 'HomeCam', display: 'standalone' });
  for (const icon of body.icons) expect((await page.request.get(`${server.url}${icon.src}`)).status()).toBe(200);

  await page.getByTestId('login-username').fill(ADMIN.username);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`${server.url}/settings/appearance`);
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Appearance');
  expect(chunks.has('AppearanceSettingsPage')).toBe(true);
  expect(chunks.has('CamerasPage')).toBe(false);

  await page.getByTestId('nav-cameras').click();
  await expect(page).toHaveURL(/\/cameras$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cameras');
  expect(chunks.has('CamerasPage')).toBe(true);
});

test('a page whose chunk fails to load shows a reload screen inside the layout', async ({
  page,
  server,
  adminApi: _admin,
  allowConsoleErrors,
}) => {
  // The browser reports the refused script request itself; that line is the only one expected.
  allowConsoleErrors(/Failed to load resource|ERR_FAILED/);
  await page.route(/\/assets\/CamerasPage-[\w-]+\.js$/, (route) => route.abort());
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByTestId('nav-cameras').click();
  await expect(page.getByTestId('chunk-load-error')).toBeVisible();
  await expect(page.getByTestId('chunk-load-error')).toContainText('This screen could not be loaded');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('route-error-reload')).toBeVisible();

  // The rest of the app still works.
  await page.getByTestId('nav-settings').click();
  await expect(page).toHaveURL(/\/settings\/account$/);
});

test('a new service worker version offers a refresh that hands over to it and reloads once', async ({
  page,
  server,
  adminApi: _admin,
}) => {
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await controllingWorker(page);
  await expect(page.getByTestId('update-banner')).toHaveCount(0);

  // A changed script URL is a new version to the browser (the server sends the same file): it installs and waits.
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?version=2', { scope: '/' }));
  await expect(page.getByTestId('update-banner')).toBeVisible();
  await expect(page.getByTestId('update-banner')).toContainText('A new version is available');

  const reloaded = page.waitForEvent('load');
  await page.getByTestId('update-refresh').click();
  await reloaded;
  await waitForApp(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${server.url}/sw.js?version=2`);
});
