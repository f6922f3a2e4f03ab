import type { Page } from '@playwright/test';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signInWithForm, waitForApp } from '../support/pages.js';
import { totpCode } from '../support/totp.js';

/**
 * Issue 21: set up an authenticator app in Settings → Account, sign out, sign in with a code this test computes
 * (RFC 6238, support/totp.ts), then with a recovery code; a wrong code is refused with the translated message.
 */
const USER = { username: 'carol', password: 'carol-password-1' } as const;

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('navbar-menu').click();
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
}

async function enrol(page: Page, baseUrl: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.goto(`${baseUrl}/settings/account`);
  await waitForApp(page);
  const card = page.getByTestId('two-factor-card');
  await expect(card.getByTestId('totp-status')).toHaveText('Off: the password alone signs in.');
  await card.getByTestId('totp-start').click();
  await expect(card.getByTestId('totp-qr')).toBeVisible();
  // The QR code is an image the browser decoded (a data: SVG, drawn on the server), not a broken link.
  expect(await card.getByTestId('totp-qr').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const secret = (await card.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await card.getByTestId('totp-confirm-code').fill(totpCode(secret, Date.now()));
  await card.getByTestId('totp-confirm').click();
  await expect(card.getByTestId('recovery-code')).toHaveCount(10);
  const recoveryCodes = await card.getByTestId('recovery-code').allTextContents();
  await card.getByTestId('recovery-codes-done').click();
  await expect(card.getByTestId('totp-status')).toContainText('10 recovery codes left.');
  return { secret, recoveryCodes };
}

test('set up an authenticator app, sign in with its code, then with a recovery code @phone', async ({ page, server, adminApi, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 401/);
  await adminApi.createUser(USER.username, USER.password, ['dashboard:access']);
  await signInWithForm(page, server.url, USER.username, USER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const { secret, recoveryCodes } = await enrol(page, server.url);
  await signOut(page);

  // The password alone now leads to the code step, not into the app.
  await signInWithForm(page, server.url, USER.username, USER.password);
  await expect(page.getByTestId('second-factor-form')).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText('Two-step sign-in');
  // A wrong code: the translated refusal, and still on the code step.
  const now = Date.now();
  const wrong = ['000000', '111111'].find((code) => ![-1, 0, 1].some((step) => totpCode(secret, now + step * 30_000) === code)) ?? '222222';
  await page.getByTestId('second-factor-code').fill(wrong);
  await page.getByTestId('second-factor-submit').click();
  await expect(page.getByText('The code is wrong or was already used. Wait for the next code and try again.')).toBeVisible();
  await expect(page.getByTestId('second-factor-form')).toBeVisible();
  // The enrolment used this step's code; the next step's is inside the server's ±1 window and not used yet.
  await page.getByTestId('second-factor-code').fill(totpCode(secret, Date.now() + 30_000));
  await page.getByTestId('second-factor-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page);

  // A recovery code, typed in capitals: signs in once.
  await signInWithForm(page, server.url, USER.username, USER.password);
  await page.getByTestId('second-factor-code').fill((recoveryCodes[0] ?? '').toUpperCase());
  await page.getByTestId('second-factor-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/settings/account`);
  await expect(page.getByTestId('totp-status')).toContainText('9 recovery codes left.');
});

test('turning the app off with the password, and an admin resetting it for a user who lost the phone', async ({ page, server, adminApi }) => {
  await adminApi.createUser(USER.username, USER.password, ['dashboard:access']);
  await signInWithForm(page, server.url, USER.username, USER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await enrol(page, server.url);
  await page.getByTestId('totp-disable-proof').fill(USER.password);
  await page.getByTestId('totp-disable-submit').click();
  await expect(page.getByTestId('totp-status')).toHaveText('Off: the password alone signs in.');

  await enrol(page, server.url);
  await signOut(page);
  // The admin resets it from Settings → Users: the user then signs in with the password alone.
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/settings/user`);
  await waitForApp(page);
  await page.getByTestId(`user-reset-2fa-${USER.username}`).click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByText(`Two-step sign-in of ${USER.username} reset`)).toBeVisible();
  await signOut(page);
  await signInWithForm(page, server.url, USER.username, USER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an admin requires it of the admins in Settings → System, and is guided to set it up before anything else @phone', async ({ page, server, adminApi }) => {
  await adminApi.createUser(USER.username, USER.password, ['dashboard:access']);
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/settings/system`);
  await waitForApp(page);
  await page.getByTestId('second-factor-policy').selectOption('admins');
  await expect(page.getByText('Two-step sign-in requirement saved')).toBeVisible();
  // The admin has no app yet: the next navigation leads to the enrolment, and nowhere else.
  await page.goto(`${server.url}/console`);
  await expect(page).toHaveURL(/\/enrol$/);
  await expect(page.getByTestId('page-title')).toHaveText('Set up two-step sign-in');
  await page.getByTestId('totp-start').click();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByTestId('totp-confirm-code').fill(totpCode(secret, Date.now()));
  await page.getByTestId('totp-confirm').click();
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  await page.getByTestId('recovery-codes-done').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/console`);
  await expect(page).toHaveURL(/\/console$/);
  await signOut(page);
  // A non-admin is not concerned by "admins".
  await signInWithForm(page, server.url, USER.username, USER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});
