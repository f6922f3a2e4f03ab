import type { Page } from '@playwright/test';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { chooseLanguage, signInWithForm } from '../support/pages.js';

async function replaceDocument(page: Page, text: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

/** Issue 17: the config editor flags a key written twice, and lists a problem the server refused once, in Spanish. */
test('duplicate keys are flagged and a refused problem is listed once', async ({ page, server, adminApi, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 400/);
  const config = await adminApi.request<Record<string, unknown>>('GET', '/api/config');
  await chooseLanguage(page, 'es');
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/config`);
  await expect(page.locator('.cm-content')).toContainText('"logLevel"');

  // JSON.parse would keep the second logLevel without a word: the editor says so at its line.
  const body = JSON.stringify(config, null, 2).replace(/\n\}$/, ',\n  "logLevel": "debug"\n}\n');
  await replaceDocument(page, body);
  const duplicate = page.getByTestId('config-issue');
  await expect(duplicate).toHaveCount(1);
  await expect(duplicate).toHaveAttribute('data-path', 'logLevel');
  await expect(duplicate).toHaveAttribute('data-line', String(body.split('\n').findIndex((line) => line.includes('"debug"')) + 1));
  await expect(duplicate).toContainText('"logLevel" aparece dos veces en este objeto: solo cuenta la última');

  // A value both the browser's schema and the server refuse: one row before saving, still one after.
  await replaceDocument(page, `${JSON.stringify({ ...config, logLevel: 'loud' }, null, 2)}\n`);
  await expect(page.getByTestId('config-issue')).toHaveCount(1);
  await page.getByTestId('config-save').click();
  await expect(page.getByTestId('toast').last()).toHaveAttribute('data-toast-type', 'error');
  await expect(page.locator('[data-testid="config-issue"][data-source="server"]')).toHaveCount(1);
  await expect(page.getByTestId('config-issue')).toHaveCount(1);
});
