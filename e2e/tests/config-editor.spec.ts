import type { Page } from '@playwright/test';
import { ADMIN, type Api } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signInWithForm } from '../support/pages.js';

type Config = Record<string, unknown> & { cameras: Record<string, unknown>[]; options: Record<string, unknown> };

const format = (config: unknown) => `${JSON.stringify(config, null, 2)}\n`;
/** The 1-based line of the first line of `text` that contains `needle`. */
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

/** Replaces the editor's document as a user would (select all, then type/paste the new text). */
async function replaceDocument(page: Page, text: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

async function openEditor(page: Page, url: string): Promise<void> {
  await signInWithForm(page, url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${url}/config`);
  await expect(page.locator('.cm-content')).toContainText('"logLevel"');
}

async function setUp(adminApi: Api): Promise<Config> {
  await adminApi.createCamera('Door', 'rtsp://10.9.9.9/live');
  return adminApi.request<Config>('GET', '/api/config');
}

test('config editor: an error is marked at its line and refused there by the server; a valid edit applies live', async ({
  page,
  server,
  adminApi,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 400/);
  // The cameras point at unreachable addresses: on /cameras their snapshots answer 503 CAMERA_OFFLINE.
  allowConsoleErrors(/status of 503/);
  const config = await setUp(adminApi);
  await openEditor(page, server.url);
  const save = page.getByTestId('config-save');
  await expect(save).toBeDisabled();
  await expect(page.getByTestId('config-modified')).toContainText('Last modified');

  // Completion offers the keys of the object being typed in, from the same schema.
  await replaceDocument(page, '{\n  "recordings": {\n    ');
  await page.keyboard.type('"rem');
  await page.locator('.cm-tooltip-autocomplete li', { hasText: 'removeAfter' }).click();
  await expect(page.locator('.cm-content')).toContainText('"removeAfter":');
  // The quote the editor closed by itself was replaced, not left behind.
  await expect(page.locator('.cm-content')).not.toContainText('"removeAfter": "');

  // A bad camera value: the schema (the server's, run in the browser) marks the line of the value.
  const bad = format({ ...config, cameras: [{ ...config.cameras[0], videoConfig: { source: 'rtsp://10.9.9.9/live', probeSize: 5 } }] });
  const badLine = lineOf(bad, '"probeSize": 5');
  await replaceDocument(page, bad);
  const schemaIssue = page.locator('[data-testid="config-issue"][data-source="schema"]');
  await expect(schemaIssue).toHaveAttribute('data-line', String(badLine));
  await expect(schemaIssue).toHaveAttribute('data-path', 'cameras.0.videoConfig.probeSize');
  await expect(schemaIssue).toContainText('Probe size must be a whole number of at least 32');
  await expect(page.locator('.cm-lintRange-error')).toHaveText('5');

  // Save is still allowed (valid JSON): the server refuses, and its issue lands on the same line; nothing written.
  const before = await adminApi.request<{ modifiedAt: string }>('GET', '/api/config/stat');
  await save.click();
  await expect(page.getByTestId('toast')).toContainText('The server refused the configuration');
  const serverIssue = page.locator('[data-testid="config-issue"][data-source="server"]');
  await expect(serverIssue).toHaveAttribute('data-line', String(badLine));
  await expect(serverIssue).toHaveAttribute('data-path', 'cameras.0.videoConfig.probeSize');
  expect(await adminApi.request('GET', '/api/config/stat')).toMatchObject(before);

  // A rule only the server knows (a file-only key): no mark before saving, the server's mark at its line after.
  const fileOnly = format({ ...config, options: { ...config.options, videoProcessor: '/bin/sh' } });
  const fileOnlyLine = lineOf(fileOnly, '"videoProcessor"');
  await replaceDocument(page, fileOnly);
  await expect(page.getByTestId('config-issue')).toHaveCount(0);
  await save.click();
  await expect(serverIssue).toHaveAttribute('data-line', String(fileOnlyLine));
  await expect(serverIssue).toContainText('Only in config.json: this setting cannot be changed here');

  // Unsaved edits: leaving the page asks first.
  await page.getByTestId('nav-cameras').click();
  await page.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/config$/);

  // Removing every camera asks first and says so; cancelled, nothing is sent.
  await replaceDocument(page, format({ ...config, cameras: [] }));
  await save.click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('Every camera will be removed.');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // A valid edit (a second camera) is saved and applied: the cameras page shows it without a reload.
  const valid = format({ ...config, cameras: [...config.cameras, { name: 'Garage', videoConfig: { source: 'rtsp://10.9.9.8/live' } }] });
  await replaceDocument(page, valid);
  await save.click();
  await expect(page.getByTestId('toast')).toContainText('config.json saved and applied.');
  await expect(save).toBeDisabled();
  await expect(page.getByTestId('config-issue')).toHaveCount(0);
  const after = await adminApi.request<{ modifiedAt: string }>('GET', '/api/config/stat');
  expect(after.modifiedAt).not.toBe(before.modifiedAt);
  await page.getByTestId('nav-cameras').click();
  await expect(page).toHaveURL(/\/cameras$/);
  await expect(page.getByTestId('camera-card-Garage')).toBeVisible();
  await expect(page.getByTestId('camera-card-Door')).toBeVisible();
});

test('config editor: a file changed elsewhere is not silently overwritten', async ({ page, server, adminApi, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 409/);
  const config = await setUp(adminApi);
  await openEditor(page, server.url);
  // Another admin saves after this editor loaded the file.
  await adminApi.request('PUT', '/api/config', { ...config, logLevel: 'warn' });
  await replaceDocument(page, format({ ...config, logLevel: 'debug' }));
  await page.getByTestId('config-save').click();
  const conflict = page.getByTestId('config-conflict');
  await expect(conflict).toContainText('config.json was changed after you loaded it');
  expect(await adminApi.request<Config>('GET', '/api/config')).toMatchObject({ logLevel: 'warn' });
  await page.getByTestId('config-conflict-overwrite').click();
  await expect(page.getByTestId('toast')).toContainText('config.json saved and applied.');
  expect(await adminApi.request<Config>('GET', '/api/config')).toMatchObject({ logLevel: 'debug' });
});

test('config editor: a non-admin is turned away', async ({ page, server, adminApi }) => {
  await adminApi.createUser('viewer', 'viewer-password', ['cameras:access', 'settings:cameras:edit', 'settings:general:edit']);
  await signInWithForm(page, server.url, 'viewer', 'viewer-password');
  await expect(page).toHaveURL(/\/cameras$/);
  await page.goto(`${server.url}/config`);
  await expect(page.getByTestId('toast')).toContainText('Config: Permission required');
  await expect(page).not.toHaveURL(/\/config$/);
  await expect(page.locator('.cm-content')).toHaveCount(0);
});

test('config editor on a phone: the editor fills the width, the toolbar wraps, nothing scrolls sideways @phone', async ({ page, server, adminApi, allowConsoleErrors }) => {
  // The cameras point at unreachable addresses: the dashboard's camera widget (after sign-in) gets 503 for its snapshot.
  allowConsoleErrors(/status of 503/);
  await setUp(adminApi);
  await openEditor(page, server.url);
  const viewport = page.viewportSize()?.width ?? 0;
  const editor = await page.getByTestId('config-editor').boundingBox();
  expect(editor?.width).toBeGreaterThan(viewport * 0.85);
  await expect(page.getByTestId('config-download')).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport);
});
