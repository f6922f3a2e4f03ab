import { ADMIN, Api } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signInWithForm } from '../support/pages.js';

test('the admin sees versions and paths, switches At Home, restarts the server and the page comes back by itself @phone', async ({
  page,
  server,
  adminApi,
  allowConsoleErrors,
}) => {
  // While the server is away, the health polls and the realtime socket fail to connect: expected.
  allowConsoleErrors(/ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|WebSocket|Failed to load resource/);
  // The fixture starts the server again on exit code 75 (as npm start's supervisor does) and counts it.
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`${server.url}/settings/system`);
  await expect(page.getByTestId('system-node-version')).toHaveText(/^v\d+\.\d+\.\d+$/);
  await expect(page.getByTestId('system-ffmpeg-version')).toHaveText(/^n?\d+\.\d+|^N-/);
  await expect(page.getByTestId('system-data-dir')).toHaveText(server.dataDir);
  await expect(page.getByTestId('system-data-disk')).toBeVisible();
  // HOMECAM_LOG_LEVEL is set by the fixture: the level is shown, not changeable.
  await expect(page.getByTestId('system-log-level')).toBeDisabled();
  const uptime = await page.getByTestId('system-uptime').textContent();
  await expect(page.getByTestId('system-uptime')).not.toHaveText(uptime ?? '');

  // click + an auto-retrying assertion: the switch is controlled, its optimistic state lands a tick after the click.
  await page.getByTestId('at-home-switch').click();
  await expect(page.getByTestId('at-home-switch')).toBeChecked();
  await expect.poll(() => adminApi.request<{ atHome: boolean }>('GET', '/api/settings/at-home')).toMatchObject({ atHome: true });

  await page.getByTestId('system-restart').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('system-restarting')).toBeVisible();
  await expect(page.getByTestId('system-restart-back')).toBeVisible({ timeout: 30_000 });
  expect(server.restarts()).toBe(1);
  // The new process's data, without a reload; At Home survived the restart (config.json).
  await expect(page.getByTestId('system-node-version')).toBeVisible();
  await expect(page.getByTestId('at-home-switch')).toBeChecked();
  await expect(page.getByTestId('system-uptime')).toHaveText(/^00:00:\d\d$/);
});

test('a non-admin is refused: the page sends them elsewhere and the API answers 403', async ({ page, server, adminApi }) => {
  await adminApi.createUser('general', 'general-password-1', ['settings:general:edit', 'dashboard:access']);
  await signInWithForm(page, server.url, 'general', 'general-password-1');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/settings/system`);
  await expect(page).toHaveURL(/\/settings\/account$/);
  await expect(page.getByTestId('system-restart')).toHaveCount(0);

  const api = new Api(server.url);
  await api.login('general', 'general-password-1');
  await expect(api.request('GET', '/api/system/info')).rejects.toThrow(/403/);
  await expect(api.request('POST', '/api/system/restart')).rejects.toThrow(/403/);
  // Their dashboard widgets' data is theirs to read.
  await expect(api.request('GET', '/api/system/status')).resolves.toMatchObject({ cameras: { total: 0 } });
});
