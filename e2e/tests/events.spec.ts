import type { CameraStatus, Recording } from '@homecam/shared';
import type { CameraSimulator } from '@homecam/tools';
import { ADMIN, type Api } from '../support/api.js';
import { expect, test } from '../support/camera-simulator.js';
import { signInWithForm, waitForApp, waitForRealtime } from '../support/pages.js';

const CAMERA = 'Garden';

/** One simulator camera, prebuffering, with short clips (recordings.timer 2 s in config.json). */
async function addCamera(api: Api, simulator: CameraSimulator, recordings: Record<string, unknown>): Promise<void> {
  const [first] = simulator.cameras;
  if (!first) throw new Error('the simulator should run a camera');
  await api.request('PATCH', '/api/config/recordings', { active: true, type: 'Video', timer: 2, removeAfter: 7, ...recordings });
  await api.createCamera(CAMERA, first.mainUrl, { prebuffering: true, prebufferLength: 2 });
  // Prebuffering starts the stream at once; wait until it runs so the clip has video from the start.
  await expect
    .poll(async () => (await api.request<CameraStatus>('GET', `/api/cameras/${CAMERA}/status`)).state, { timeout: 30_000 })
    .toBe('streaming');
}

async function motion(api: Api): Promise<void> {
  await api.request('PUT', `/api/cameras/${CAMERA}/motion/start`);
  await api.request('PUT', `/api/cameras/${CAMERA}/motion/reset`);
}

test('motion raises the badge, shows a toast, and its clip plays in the lightbox and can be deleted', async ({ page, server, adminApi, simulator }) => {
  test.setTimeout(120_000);
  await addCamera(adminApi, simulator, {});
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const badge = page.getByTestId('notification-badge');
  await expect(badge).toHaveAttribute('data-badge', 'dot');
  // The toast and the badge come over the live socket: the motion must not happen before it is connected.
  await waitForRealtime(page);

  await motion(adminApi);
  await expect(badge).toHaveAttribute('data-badge', 'count');
  await expect(badge).toHaveText('1');
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText(CAMERA);
  // The thumbnail joins the toast once the recorder has written it.
  await expect.poll(() => toast.getByTestId('toast-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  await page.getByTestId('nav-recordings').click();
  await expect(page.getByTestId('page-title')).toBeVisible();
  const item = page.locator('[data-testid^="recording-item-"]');
  await expect(item).toHaveCount(1);
  // The clip finishes (2 s after the reset) and the socket turns the row into a playable one.
  await expect(item).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  const [recording] = (await adminApi.request<{ result: Recording[] }>('GET', '/api/recordings')).result;
  if (!recording) throw new Error('the recording should be listed');
  expect((await page.request.get(`${server.url}${recording.file}`)).status()).toBe(200);

  await page.getByTestId(`recording-open-${recording.id}`).click();
  const lightbox = page.getByTestId('lightbox');
  await expect(lightbox).toHaveAttribute('data-item', recording.id);
  const video = page.getByTestId('lightbox-video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await page.keyboard.press('Escape');
  await expect(lightbox).toHaveCount(0);

  await page.getByTestId(`recording-select-${recording.id}`).check();
  await page.getByTestId('recordings-delete-selected').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(item).toHaveCount(0);
  await expect(page.getByTestId('recordings-empty')).toBeVisible();
  await expect.poll(async () => (await page.request.get(`${server.url}${recording.file}`)).status()).toBe(404);
});

test('the notifications page lists a new event live and deletes all of them @phone', async ({ page, server, adminApi, simulator }) => {
  test.setTimeout(90_000);
  await addCamera(adminApi, simulator, { type: 'Snapshot' });
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/notifications`);
  await waitForApp(page);
  await expect(page.getByTestId('notifications-empty')).toBeVisible();
  // The page load opened a new live socket; the event added to the list is only seen once it is connected.
  await waitForRealtime(page);

  await motion(adminApi);
  const card = page.locator('[data-testid^="notification-card-"]');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(CAMERA);
  await expect(page.getByTestId('notification-badge')).toHaveText('1');

  // The filter drawer is a modal dialog: Escape closes it and focus goes back to its button.
  await page.getByTestId('events-filter-open').click();
  await expect(page.getByTestId('events-filter-drawer')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('events-filter-drawer')).toHaveCount(0);
  await expect(page.getByTestId('events-filter-open')).toBeFocused();

  // Filtering by another type hides it; the filter is kept in the URL.
  await page.getByTestId('events-filter-open').click();
  await page.getByTestId('events-filter-types-doorbell').check();
  await page.getByTestId('events-filter-apply').click();
  await expect(page).toHaveURL(/types=doorbell/);
  await expect(page.getByTestId('notifications-empty')).toBeVisible();
  await page.getByTestId('events-filter-open').click();
  await page.getByTestId('events-filter-reset').click();
  await page.getByTestId('events-filter-apply').click();
  await expect(card).toHaveCount(1);

  await page.getByTestId('notifications-delete-all').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('notifications-empty')).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toHaveAttribute('data-badge', 'dot');
});
