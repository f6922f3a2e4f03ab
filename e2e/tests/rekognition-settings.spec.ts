import type { RekognitionSettings } from '@homecam/shared';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { chooseLanguage, signInWithForm } from '../support/pages.js';

const KEY_ID = 'AKIAIOSFODNN7EXAMPLE';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

/**
 * Issue 17: Rekognition cannot be switched on without its keys (refused with a code, shown translated, on the
 * settings page and the plugins page alike), and a stored access key id can be removed.
 */
test('Rekognition needs its keys to be switched on, and a stored key id can be removed, in German @phone', async ({ page, server, adminApi, allowConsoleErrors }) => {
  // The plugins page's refused start (409) is logged by the browser as a failed resource.
  allowConsoleErrors(/409 \(Conflict\)/);
  await chooseLanguage(page, 'de');
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`${server.url}/settings/rekognition`);
  await page.getByTestId('rekognition-active').check();
  await expect(page.getByTestId('rekognition-keys-missing')).toHaveText(
    'Vor dem Einschalten von Rekognition eine Zugriffsschlüssel-ID und einen geheimen Zugriffsschlüssel eingeben.',
  );
  await expect(page.getByTestId('rekognition-submit')).toBeDisabled();
  // The page's hint is today's: the analysis is set per camera.
  await expect(page.getByTestId('rekognition-form')).toContainText('Kameraeinstellungen (Benachrichtigungen)');

  // The plugins page refuses the same, with the same words.
  await page.goto(`${server.url}/plugins`);
  const card = page.getByTestId('plugin-rekognition');
  await card.getByTestId('plugin-rekognition-start').click();
  await expect(card.getByRole('alert')).toHaveText('Vor dem Einschalten von Rekognition eine Zugriffsschlüssel-ID und einen geheimen Zugriffsschlüssel eingeben.');
  await expect(card.getByTestId('plugin-state')).toHaveAttribute('data-state', 'disabled');
  expect((await adminApi.request<RekognitionSettings>('GET', '/api/settings/rekognition')).active).toBe(false);

  // A stored key id is removed from the page.
  await adminApi.request('PATCH', '/api/settings/rekognition', { accessKeyId: KEY_ID, secretAccessKey: SECRET });
  await page.goto(`${server.url}/settings/rekognition`);
  await expect(page.getByTestId('rekognition-access-key-id')).toHaveAttribute('placeholder', '••••MPLE');
  await page.getByTestId('rekognition-key-id-remove').click();
  await page.getByTestId('rekognition-submit').click();
  await expect(page.getByTestId('toast').last()).toHaveAttribute('data-toast-type', 'success');
  await expect.poll(async () => (await adminApi.request<RekognitionSettings>('GET', '/api/settings/rekognition')).accessKeyId).toBeNull();
  await expect(page.getByTestId('rekognition-access-key-id')).toHaveAttribute('placeholder', '');
});
