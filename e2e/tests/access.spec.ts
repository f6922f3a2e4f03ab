import type { Page } from '@playwright/test';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signInWithForm, waitForApp, waitForRealtime } from '../support/pages.js';

/** Issue 21: Settings → Account's signed-in devices and API tokens, in Chromium against the real server. */

async function openAccount(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/settings/account`);
  await waitForApp(page);
  await waitForRealtime(page);
}

test('signing out another device from Settings → Account sends that browser to the sign-in page @phone', async ({ page, browser, server, adminApi: _admin }) => {
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const laptop = await other.newPage();
    await signInWithForm(laptop, server.url, ADMIN.username, ADMIN.password);
    await expect(laptop).toHaveURL(/\/dashboard$/);
    await openAccount(laptop, server.url);

    await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openAccount(page, server.url);
    const card = page.getByTestId('devices-card');
    // The admin API client's session, the laptop's and this one: this one is marked and has no sign-out button.
    await expect(card.getByTestId('device-row')).toHaveCount(3);
    await expect(card.locator('[data-testid="device-row"][data-current="true"]')).toHaveCount(1);
    await expect(card.locator('[data-testid="device-row"][data-current="true"]').getByTestId('device-end')).toHaveCount(0);

    await card.locator('[data-testid="device-row"][data-current="false"]').first().getByTestId('device-end').click();
    await expect(card.getByTestId('device-row')).toHaveCount(2);
    await card.getByTestId('devices-end-others').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out all other devices' }).click();
    await expect(card.getByTestId('device-row')).toHaveCount(1);

    // The laptop learns it at once (its socket is told) and lands on the sign-in page.
    await expect(laptop).toHaveURL(`${server.url}/`);
    await expect(laptop.getByTestId('login-username')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/account$/);
  } finally {
    await other.close();
  }
});

test('an API token is made with scopes and an expiry, shown once, works with fetch, and is revoked @phone', async ({ page, context, server, adminApi: _admin }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openAccount(page, server.url);
  const card = page.getByTestId('tokens-card');
  await card.getByTestId('token-create-open').click();
  const dialog = page.getByTestId('create-token-dialog');

  // Nothing chosen: each required choice says so.
  await dialog.getByTestId('token-create-submit').click();
  await expect(dialog.getByText('Give the token a name')).toBeVisible();
  await expect(dialog.getByText('Tick at least one thing the token may do')).toBeVisible();
  await expect(dialog.getByText('Choose when the token expires')).toBeVisible();

  await dialog.getByTestId('token-name').fill('Home Assistant');
  await dialog.getByTestId('token-scope-cameras:access').check();
  await dialog.getByTestId('token-expiry-90').click();
  await dialog.getByTestId('token-create-submit').click();
  const value = dialog.getByTestId('token-value');
  await expect(value).toHaveText(/^hct_[\w-]{43}$/);
  const token = (await value.textContent()) ?? '';
  await dialog.getByTestId('token-copy').click();
  await expect(dialog.getByText('Copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await dialog.getByTestId('token-done').click();
  await expect(card.getByTestId('token-row')).toHaveCount(1);
  await expect(card.getByTestId('token-row')).toContainText('Home Assistant');
  await expect(card.getByTestId('token-row')).toContainText('never used');
  await expect(card).not.toContainText(token);

  // An integration's view: the REST API within the scope, nothing beyond it, and never the account's own routes.
  const call = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
  expect((await call('/api/cameras')).status).toBe(200);
  expect((await call('/api/recordings')).status).toBe(403);
  const minted = await call('/api/account/tokens', { method: 'POST', body: JSON.stringify({ name: 'more', scopes: ['admin'], expiresInDays: null }) });
  expect(minted.status).toBe(403);
  expect(((await minted.json()) as { error: { code: string } }).error.code).toBe('SESSION_REQUIRED');

  await page.reload();
  await waitForApp(page);
  await expect(card.getByTestId('token-row')).toContainText('last used');
  await card.getByTestId('token-revoke').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(card.getByTestId('token-row')).toHaveCount(0);
  expect((await call('/api/cameras')).status).toBe(401);
});
