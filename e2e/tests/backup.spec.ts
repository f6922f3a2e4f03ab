import Database from 'better-sqlite3';
import type { User } from '@homecam/shared';
import { join } from 'node:path';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signInWithForm } from '../support/pages.js';

/** System notifications written the way the server stores them (no route creates one). */
function insertNotifications(dataDir: string, count: number): void {
  const db = new Database(join(dataDir, 'homecam.db'));
  const insert = db.prepare(
    `INSERT INTO notifications (id, camera, room, type, title, message, label, thumbnail, created_at)
     VALUES (?, NULL, NULL, 'custom', 'Kept', 'from before the backup', NULL, NULL, ?)`,
  );
  for (let i = 0; i < count; i++) insert.run(`kept-${i}`, new Date().toISOString());
  db.close();
}

interface NotificationList {
  result: { id: string }[];
}

test('a backup downloaded, the data changed, the backup restored: the old users, cameras and notifications are back', async ({
  page,
  server,
  adminApi,
  allowConsoleErrors,
}) => {
  // While the server restarts, the app's socket and polls see refused connections and then the ended session.
  allowConsoleErrors(/status of 40[13]|ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|WebSocket|socket/i);
  const running = server as typeof server & { restarts(): number };
  const keeper = await adminApi.createUser('keeper', 'keeper-password-1', ['dashboard:access']);
  await adminApi.createCamera('Backyard', 'demo:?size=160x120&fps=5&audio=0');
  insertNotifications(server.dataDir, 3);

  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/settings/backup`);
  await expect(page.getByTestId('backup-automatic-none')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('backup-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^homecam-backup-\d{8}-\d{4}\.tar\.gz$/);
  const file = await download.path();

  // The data changes after the backup.
  await adminApi.request('DELETE', `/api/users/${keeper.id}`);
  await adminApi.request('DELETE', '/api/cameras/Backyard');
  await adminApi.request('DELETE', '/api/notifications');
  expect((await adminApi.request<NotificationList>('GET', '/api/notifications')).result).toHaveLength(0);

  await page.getByTestId('backup-restore-file').setInputFiles(file);
  await page.getByTestId('backup-restore').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('restore-previous');
  await page.getByTestId('confirm-dialog-confirm').click();
  // Restarted on the restored data; sessions are not restored, so the app signs out to the login page.
  await expect(page.getByTestId('login-username')).toBeVisible({ timeout: 60_000 });
  expect(running.restarts()).toBe(1);

  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await adminApi.login(ADMIN.username, ADMIN.password);
  const users = await adminApi.request<{ result: User[] }>('GET', '/api/users');
  expect(users.result.map((user) => user.username)).toContain('keeper');
  await adminApi.request('GET', '/api/cameras/Backyard');
  expect((await adminApi.request<NotificationList>('GET', '/api/notifications')).result.map((n) => n.id).sort()).toEqual(['kept-0', 'kept-1', 'kept-2']);
});

test('@phone the page fits a phone and shows each part by permission', async ({ page, server, adminApi }) => {
  await adminApi.createUser('restorer', 'restorer-password-1', ['backup:restore']);
  await signInWithForm(page, server.url, 'restorer', 'restorer-password-1');
  await expect(page).not.toHaveURL(`${server.url}/`);
  await page.goto(`${server.url}/settings/backup`);
  await expect(page.getByTestId('backup-restore')).toBeVisible();
  await expect(page.getByTestId('backup-download')).toHaveCount(0);
  await expect(page.getByTestId('backup-automatic-none')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
