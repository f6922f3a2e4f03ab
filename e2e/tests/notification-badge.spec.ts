import Database from 'better-sqlite3';
import { join } from 'node:path';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signInWithForm } from '../support/pages.js';

/** Notifications arrive with a later issue; until then the test writes rows the way the server stores them. */
function insertNotifications(dataDir: string, count: number): void {
  const db = new Database(join(dataDir, 'homecam.db'));
  const insert = db.prepare(
    `INSERT INTO notifications (id, camera, room, type, title, message, label, thumbnail, created_at)
     VALUES (?, NULL, NULL, 'custom', 'Test', 'test', NULL, NULL, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < count; i++) insert.run(`n${i}`, new Date().toISOString());
  })();
  db.close();
}

test('the bell shows a dot at 0 and caps the count at 99+', async ({ page, server, adminApi: _admin }) => {
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  const badge = page.getByTestId('notification-badge');
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText('');

  insertNotifications(server.dataDir, 150);
  await page.reload();
  await expect(badge).toHaveText('99+');
});
