import { expect, test } from '../support/fixtures.js';
import { signInWithForm, waitForApp } from '../support/pages.js';

test('first start forces new credentials on /start, then opens the dashboard @phone', async ({ page, server }) => {
  await signInWithForm(page, server.url, 'master', 'master');
  await expect(page).toHaveURL(/\/start$/);

  // The forced change cannot be skipped by typing another address.
  await page.goto(`${server.url}/dashboard`);
  await waitForApp(page);
  await expect(page).toHaveURL(/\/start$/);

  await page.getByTestId('start-username').fill('alice');
  await page.getByTestId('start-password').fill('a-long-password');
  await page.getByTestId('start-password-confirm').fill('a-long-password');
  await page.getByTestId('start-submit').click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');

  // The old default credentials are gone for good.
  const refused = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'master', password: 'master' }),
  });
  expect(refused.status).toBe(401);
});

test('a wrong password answers with the one neutral message', async ({ page, server, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 401/);
  await signInWithForm(page, server.url, 'master', 'not-the-password');
  await expect(page.getByTestId('toast')).toContainText('Wrong username and/or password');
  await expect(page).toHaveURL(`${server.url}/`);
});
