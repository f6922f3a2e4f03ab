import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { signInWithForm, waitForApp } from '../support/pages.js';

/**
 * Issue 21: a passkey in Chromium with the DevTools virtual authenticator (CTAP2, resident keys, user
 * verification): add one in Settings → Account, sign out, sign in with it and no password; then the password
 * asks for it as the second step; rename and remove it. The page is opened at `localhost`, not 127.0.0.1:
 * WebAuthn needs a host name (an IP address is no valid RP ID) in a secure context (localhost is one over http).
 */
const USER = { username: 'dave', password: 'dave-password-1' } as const;

/** The server's URL under the name `localhost` (the server listens on 127.0.0.1, which localhost reaches). */
const byName = (url: string) => url.replace('//127.0.0.1:', '//localhost:');

async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('navbar-menu').click();
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
}

test('add a passkey, sign out, sign in with it; the password then asks for it; rename and remove it @phone', async ({ page, server, adminApi, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 400/); // the wrong password at the removal
  // One long flow (four sign-ins, three password checks): ~50 s on a loaded 2-core machine, near the 60 s default.
  test.setTimeout(120_000);
  const base = byName(server.url);
  await adminApi.createUser(USER.username, USER.password, ['dashboard:access']);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  await signInWithForm(page, base, USER.username, USER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${base}/settings/account`);
  await waitForApp(page);
  const card = page.getByTestId('passkeys-card');
  await expect(card.getByTestId('passkeys-none')).toHaveText('No passkeys yet.');
  await card.getByTestId('passkey-add-open').click();
  await page.getByTestId('passkey-add-name').fill('This laptop');
  await page.getByTestId('passkey-add-password').fill(USER.password);
  await page.getByTestId('passkey-add-submit').click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  await expect(card.getByTestId('passkey-name')).toHaveText('This laptop');
  await expect(card.getByTestId('passkey-last-used')).toHaveText('never used');
  // The authenticator holds it as a discoverable credential for the host name.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials.map((credential) => [credential.rpId, credential.isResidentCredential])).toEqual([['localhost', true]]);
  await signOut(page);

  // No username, no password: the passkey names its account.
  await page.getByTestId('login-passkey').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${base}/settings/account`);
  await waitForApp(page);
  await expect(card.getByTestId('passkey-last-used')).toContainText('last used');
  await signOut(page);

  // A passkey is a second factor: the password alone now leads to the second step, which offers the passkey.
  await signInWithForm(page, base, USER.username, USER.password);
  await expect(page.getByTestId('page-title')).toHaveText('Two-step sign-in');
  await expect(page.getByTestId('second-factor-code')).toHaveCount(0);
  await page.getByTestId('second-factor-passkey').click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`${base}/settings/account`);
  await waitForApp(page);
  await card.getByTestId('passkey-rename-open').click();
  await page.getByTestId('passkey-rename-name').fill('Work laptop');
  await page.getByTestId('passkey-rename-submit').click();
  await expect(card.getByTestId('passkey-name')).toHaveText('Work laptop');
  await card.getByTestId('passkey-remove-open').click();
  await page.getByTestId('passkey-remove-password').fill('wrong-password');
  await page.getByTestId('passkey-remove-submit').click();
  await expect(page.getByText('Cannot change password: the current password is wrong.')).toBeVisible();
  await page.getByTestId('passkey-remove-password').fill(USER.password);
  await page.getByTestId('passkey-remove-submit').click();
  await expect(card.getByTestId('passkeys-none')).toBeVisible();
  await signOut(page);
  await signInWithForm(page, base, USER.username, USER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('no passkey button at an IP address; at a host name, a prompt that finds no passkey ends with the translated message', async ({ page, server }) => {
  // At an IP address no passkey can work (it is no valid RP ID): the button is not offered there at all.
  await page.goto(`${server.url}/`);
  await waitForApp(page);
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect(page.getByTestId('login-passkey')).toHaveCount(0);

  const base = byName(server.url);
  // The authenticator holds no credential for this host: the browser's prompt ends without one.
  await addVirtualAuthenticator(page);
  await page.goto(`${base}/`);
  await waitForApp(page);
  await page.getByTestId('login-passkey').click();
  await expect(page.getByText('The passkey prompt was cancelled or timed out.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('login-form')).toBeVisible();
});
