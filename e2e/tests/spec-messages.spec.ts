import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { chooseLanguage, signInWithForm, waitForApp } from '../support/pages.js';

/**
 * Issue 17, spec §5/§8 texts that did not exist: "fill all required fields", "no username, password, room name or
 * permission level defined", "verification not successful", "download failed" — in French.
 */
test('a user form sent empty or half-filled says so', async ({ page, server, adminApi: _admin }) => {
  await chooseLanguage(page, 'fr');
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/settings/user`);
  await page.getByTestId('add-user-open').click();
  await page.getByTestId('add-user-submit').click();
  const notice = page.getByTestId('add-user-dialog').getByTestId('form-notice');
  await expect(notice).toHaveText('Aucun nom d’utilisateur, mot de passe, nom de pièce ni niveau d’autorisation défini.');
  await page.getByTestId('add-user-username').fill('anna');
  await page.getByTestId('add-user-submit').click();
  await expect(notice).toHaveText('Remplissez tous les champs obligatoires.');
});

test('a backup that fails its checks says "verification not successful"', async ({ page, server, adminApi: _admin, allowConsoleErrors }) => {
  // The server's 400 BACKUP_INVALID is logged by the browser as a failed resource.
  allowConsoleErrors(/status of 400 \(Bad Request\)/);
  await chooseLanguage(page, 'fr');
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/settings/backup`);
  await page.getByTestId('backup-restore-file').setInputFiles({ name: 'not-a-backup.tar.gz', mimeType: 'application/gzip', buffer: Buffer.from('this is not an archive') });
  await page.getByTestId('backup-restore').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('backup-restore-error')).toContainText('Vérification non réussie : ');
});

test('a download that fails says "download failed", not a generic error', async ({ page, server, adminApi: _admin, allowConsoleErrors }) => {
  // The server is stopped on purpose: the browser logs the refused connections of the app's sockets and calls.
  allowConsoleErrors(/ERR_CONNECTION_REFUSED|WebSocket|Failed to load resource|net::/);
  await chooseLanguage(page, 'fr');
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/config`);
  await waitForApp(page);
  await expect(page.getByTestId('config-download')).toBeEnabled();
  await server.stop();
  await page.getByTestId('config-download').click();
  await expect(page.getByTestId('toast').last()).toHaveText(/^Échec du téléchargement : /);
  await expect(page.getByTestId('toast').last()).toHaveAttribute('data-toast-type', 'error');
});
