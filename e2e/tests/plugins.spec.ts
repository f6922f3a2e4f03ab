import { freePort } from '@homecam/tools';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signInWithForm } from '../support/pages.js';

const KEY_ID = 'AKIAIOSFODNN7EXAMPLE';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

test('the admin sees the real integrations and switches the HTTP trigger on and off @phone', async ({ page, server, adminApi }) => {
  await adminApi.request('PATCH', '/api/config/http', { port: await freePort(), localhttp: true });
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/plugins`);

  for (const id of ['http-trigger', 'mqtt-trigger', 'smtp-trigger', 'ftp-trigger', 'mqtt-state', 'web-push', 'rekognition']) {
    await expect(page.getByTestId(`plugin-${id}`)).toBeVisible();
  }
  const http = page.getByTestId('plugin-http-trigger');
  await expect(http.getByTestId('plugin-state')).toHaveAttribute('data-state', 'disabled');
  await expect(http.getByTestId('plugin-state')).toHaveText('Switched off');

  await http.getByTestId('plugin-http-trigger-start').click();
  await expect(http.getByTestId('plugin-state')).toHaveAttribute('data-state', 'running');
  await expect(http.getByTestId('plugin-state')).toHaveText('Running');
  await expect.poll(async () => (await adminApi.request<{ active: boolean }>('GET', '/api/config/http')).active).toBe(true);

  await http.getByTestId('plugin-http-trigger-stop').click();
  await expect(http.getByTestId('plugin-state')).toHaveAttribute('data-state', 'disabled');
  await expect.poll(async () => (await adminApi.request<{ active: boolean }>('GET', '/api/config/http')).active).toBe(false);

  await expect(page.getByTestId('plugin-rekognition-settings')).toHaveAttribute('href', '/settings/rekognition');
  await page.getByTestId('plugin-rekognition-settings').click();
  await expect(page).toHaveURL(/\/settings\/rekognition$/);
});

test('the Rekognition page saves the keys and shows the secret only as set', async ({ page, server, adminApi }) => {
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/settings/rekognition`);
  await expect(page.getByTestId('rekognition-secret-state')).toHaveText('not set');
  await expect(page.getByTestId('rekognition-last-call')).toHaveText('never');

  await page.getByTestId('rekognition-active').check();
  await page.getByTestId('rekognition-access-key-id').fill(KEY_ID);
  await page.getByTestId('rekognition-secret-replace').click();
  await page.getByTestId('rekognition-secret-input').fill(SECRET);
  await page.getByTestId('rekognition-region').selectOption('eu-central-1');
  await page.getByTestId('rekognition-total').fill('100');
  await page.getByTestId('rekognition-submit').click();
  await expect(page.getByTestId('toast').last()).toHaveAttribute('data-toast-type', 'success');

  await expect(page.getByTestId('rekognition-secret-state')).toHaveText('set');
  await expect(page.getByTestId('rekognition-left')).toHaveText('100 of 100');
  await page.reload();
  await expect(page.getByTestId('rekognition-secret-state')).toHaveText('set');
  await expect(page.getByTestId('rekognition-region')).toHaveValue('eu-central-1');
  await expect(page.getByTestId('rekognition-access-key-id')).toHaveAttribute('placeholder', '••••MPLE');
  expect(await page.content()).not.toContain(SECRET);
  expect(await page.content()).not.toContain(KEY_ID);
  expect(server.output()).not.toContain(SECRET);
  await expect
    .poll(async () => adminApi.request('GET', '/api/settings/rekognition'))
    .toEqual({ active: true, accessKeyId: '••••MPLE', secretAccessKeySet: true, region: 'eu-central-1', contingentTotal: 100, contingentLeft: 100, lastCall: null });

  // The analysis is ready now (keys set, switched on); nothing pretends to run.
  await page.goto(`${server.url}/plugins`);
  await expect(page.getByTestId('plugin-rekognition').getByTestId('plugin-state')).toHaveAttribute('data-state', 'ready');
});

test('a non-admin is refused both pages', async ({ page, server, adminApi }) => {
  await adminApi.createUser('helper', 'helper-password-1', ['cameras:access', 'settings:notifications:edit']);
  await signInWithForm(page, server.url, 'helper', 'helper-password-1');
  await expect(page).toHaveURL(/\/cameras$/);
  await page.goto(`${server.url}/plugins`);
  await expect(page.getByTestId('toast').last()).toContainText('Permission required');
  await expect(page).not.toHaveURL(/\/plugins$/);
  await expect(page.getByTestId('plugin-http-trigger')).toHaveCount(0);
  await page.goto(`${server.url}/settings/rekognition`);
  await expect(page.getByTestId('toast').last()).toContainText('Permission required');
  await expect(page).not.toHaveURL(/\/settings\/rekognition$/);
  await expect(page.getByTestId('rekognition-form')).toHaveCount(0);
});
