import type { CreatedApiToken } from '@homecam/shared';
import type { Page } from '@playwright/test';
import { Api, ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { chooseLanguage, signInAdminInTheme, waitForApp } from '../support/pages.js';

/**
 * Settings → Users: every user's API tokens in one list for an admin, with their owners, never a token; revoking one
 * there stops it at once. In Chromium against the real server.
 */

const ALICE = { username: 'alice', password: 'alice-password-1' } as const;

/** Alice (a camera viewer) with a token for Home Assistant, and the admin with one for a backup job. */
async function tokensOfTwoUsers(adminApi: Api): Promise<{ alice: CreatedApiToken; admin: CreatedApiToken }> {
  await adminApi.createUser(ALICE.username, ALICE.password, ['cameras:access']);
  const aliceApi = new Api(adminApi.baseUrl);
  await aliceApi.login(ALICE.username, ALICE.password);
  const alice = await aliceApi.request<CreatedApiToken>('POST', '/api/account/tokens', { name: 'Home Assistant', scopes: ['cameras:access'], expiresInDays: 90 });
  const admin = await adminApi.request<CreatedApiToken>('POST', '/api/account/tokens', { name: 'Backup job', scopes: ['backup:download'], expiresInDays: null });
  return { alice, admin };
}

async function openUsers(page: Page, baseUrl: string, theme: 'light' | 'dark'): Promise<void> {
  await signInAdminInTheme(page, baseUrl, theme);
  await page.goto(`${baseUrl}/settings/user`);
  await waitForApp(page);
}

test('an admin sees every user\'s tokens with their owners and revokes one, which stops it at once @phone', async ({ page, server, adminApi }) => {
  const { alice, admin } = await tokensOfTwoUsers(adminApi);
  const viaToken = (token: string) => fetch(`${server.url}/api/cameras`, { headers: { authorization: `Bearer ${token}` } });
  expect((await viaToken(alice.token)).status).toBe(200);

  await openUsers(page, server.url, 'dark');
  const card = page.getByTestId('all-tokens-card');
  await expect(card.getByTestId('all-tokens-row')).toHaveCount(2);
  const aliceRow = card.getByTestId('all-tokens-row').filter({ hasText: 'Owner: alice' });
  await expect(aliceRow).toContainText('Home Assistant');
  await expect(aliceRow).toContainText('Cameras');
  await expect(aliceRow).toContainText('last used');
  await expect(card.getByTestId('all-tokens-row').filter({ hasText: `Owner: ${ADMIN.username}` })).toContainText('does not expire');
  for (const secret of [alice.token, admin.token]) await expect(page.locator('body')).not.toContainText(secret);
  // Nothing wider than the screen, on a phone too.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  const revoke = aliceRow.getByRole('button', { name: 'Revoke Home Assistant of alice' });
  await expect(revoke).toHaveAttribute('title', 'Revoke Home Assistant of alice');
  await revoke.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('"Home Assistant" of alice stops working at once');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('"Home Assistant" was revoked.')).toBeVisible();
  await expect(card.getByTestId('all-tokens-row')).toHaveCount(1);
  await expect(card.getByTestId('all-tokens-row')).toContainText('Backup job');
  expect((await viaToken(alice.token)).status).toBe(401);
  expect((await fetch(`${server.url}/api/backup/automatic`, { headers: { authorization: `Bearer ${admin.token}` } })).status).toBe(200);

  // Alice's own dialog (the per-user list) agrees at once.
  await page.getByTestId('user-access-alice').click();
  await expect(page.getByTestId('user-access-dialog').getByTestId('tokens-card')).toContainText('No API tokens.');
});

test('the list of all tokens speaks the chosen language, in the light theme', async ({ page, server, adminApi }) => {
  await tokensOfTwoUsers(adminApi);
  await chooseLanguage(page, 'de');
  await openUsers(page, server.url, 'light');
  const card = page.getByTestId('all-tokens-card');
  await expect(page.getByRole('heading', { name: 'API-Tokens aller Benutzer' })).toBeVisible();
  await expect(card.getByTestId('all-tokens-row').filter({ hasText: 'Besitzer: alice' })).toContainText('Home Assistant');
  await expect(card.getByRole('button', { name: 'Home Assistant von alice widerrufen' })).toBeVisible();
});
