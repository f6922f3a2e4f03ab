import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signInWithForm, waitForApp } from '../support/pages.js';

/** A generated picture (ffmpeg's test source): small and cheap, no simulator needed to tell two cameras apart. */
const DEMO = 'demo:?size=160x120&fps=5&audio=0';

/**
 * Issue 21, cameras per user: an admin limits a guest to the front door in Settings → Users; the guest then sees
 * that camera alone on the cameras page and the dashboard, and the other camera's address is "not found".
 */
test('an admin limits a user to one camera; that user sees only it @phone', async ({ page, browser, server, adminApi }) => {
  await adminApi.createCamera('Front door', DEMO);
  await adminApi.createCamera('Garden', DEMO);
  await adminApi.createUser('guest', 'guest-password-1', ['cameras:access', 'dashboard:access']);

  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/settings/user`);
  await waitForApp(page);
  await expect(page.getByTestId('user-row-guest')).toBeVisible();
  await page.getByTestId('user-edit-guest').click();
  const dialog = page.getByTestId('edit-permissions-dialog');
  await expect(dialog.getByTestId('camera-access-all')).toHaveAttribute('aria-checked', 'true');
  await dialog.getByTestId('camera-access-some').click();
  await dialog.getByTestId('camera-access-camera-Front-door').check();
  await dialog.getByTestId('edit-permissions-submit').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('user-row-guest')).toContainText('only 1 camera');

  const guestContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  try {
    const guest = await guestContext.newPage();
    await signInWithForm(guest, server.url, 'guest', 'guest-password-1');
    await expect(guest).toHaveURL(/\/(?:cameras|dashboard)$/);
    await guest.goto(`${server.url}/cameras`);
    await waitForApp(guest);
    await expect(guest.getByTestId('camera-card-Front door')).toBeVisible();
    await expect(guest.locator('[data-testid^="camera-card-"]')).toHaveCount(1);

    await guest.goto(`${server.url}/dashboard`);
    await waitForApp(guest);
    await expect(guest.getByTestId('camera-widget')).toHaveAttribute('data-camera', 'Front door');

    await guest.goto(`${server.url}/cameras/Garden`);
    await waitForApp(guest);
    await expect(guest.getByTestId('camera-error')).toContainText('This camera does not exist.');
  } finally {
    await guestContext.close();
  }
});
