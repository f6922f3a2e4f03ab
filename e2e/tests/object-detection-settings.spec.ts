import type { Camera } from '@homecam/shared';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { chooseLanguage, signInAdminInTheme, signInWithForm } from '../support/pages.js';

const CAMERA = 'Garden';
/** Two motion zones: the top left and the bottom right quarter. */
const REGIONS = [{ coords: [[0, 0], [50, 0], [50, 50], [0, 50]] }, { coords: [[50, 50], [100, 50], [100, 100], [50, 100]] }] as { coords: [number, number][] }[];

test('object detection in the camera form: labels, score, size and zones per label are checked and saved @phone', async ({ page, server, adminApi, allowConsoleErrors }) => {
  // The camera is unreachable on purpose: the zone editor's snapshot may answer 503 CAMERA_OFFLINE (whether it asks
  // before the test is done depends on timing).
  allowConsoleErrors(/status of 503/);
  await adminApi.createCamera(CAMERA, 'rtsp://127.0.0.1:9/none', { videoanalysis: { active: false, regions: REGIONS } });
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/settings/cameras`);
  await page.getByTestId(`camera-edit-${CAMERA}`).click();
  const dialog = page.getByTestId('camera-form-dialog');
  await dialog.getByTestId('camera-form-group-objects').click();

  // Not switched itself: it follows motion detection, and shows so.
  const active = dialog.getByTestId('camera-field-objectDetection.active');
  await expect(active).toHaveValue('');
  await expect(active.locator('option:checked')).toHaveText('Like motion detection');

  const labels = dialog.getByTestId('camera-field-objectDetection.labels');
  await expect(labels.getByTestId('camera-field-objectDetection.labels-person')).toBeChecked();
  await labels.getByTestId('camera-field-objectDetection.labels-bird').uncheck();
  await expect(labels.getByTestId('camera-field-objectDetection.labels-horse')).toHaveCount(0);
  await labels.getByTestId('camera-field-objectDetection.labels-all').click();
  await labels.getByTestId('camera-field-objectDetection.labels-horse').check();
  await labels.getByTestId('camera-field-objectDetection.labels-own').fill('Package');
  await labels.getByTestId('camera-field-objectDetection.labels-add').click();
  await expect(labels.getByTestId('camera-field-objectDetection.labels-package')).toBeChecked();

  // The shared schema checks the numbers before anything is sent.
  await dialog.getByTestId('camera-field-objectDetection.minScore').fill('150');
  await page.getByTestId('camera-form-submit').click();
  await expect(dialog).toContainText('Must be at most 100');
  await dialog.getByTestId('camera-field-objectDetection.minScore').fill('60');
  await dialog.getByTestId('camera-field-objectDetection.minSize').fill('0.5');

  // A person counts only in the second zone; the other labels anywhere.
  const zones = dialog.getByTestId('camera-field-objectDetection.zones');
  await expect(zones.getByTestId('camera-field-objectDetection.zones-person')).toContainText('anywhere');
  await zones.getByTestId('camera-field-objectDetection.zones-person-1').check();
  await expect(zones.getByTestId('camera-field-objectDetection.zones-person')).not.toContainText('anywhere');
  await expect(zones.getByTestId('camera-field-objectDetection.zones-horse')).toBeVisible();
  // Never wider than the screen, on a phone too.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await page.getByTestId('camera-form-submit').click();
  await expect(page.getByTestId('toast')).toContainText(`Camera ${CAMERA} saved`);
  const saved = await adminApi.request<Camera>('GET', `/api/cameras/${CAMERA}`);
  expect(saved.objectDetection).toEqual({
    labels: ['person', 'car', 'truck', 'bus', 'motorcycle', 'bicycle', 'dog', 'cat', 'horse', 'package'],
    minScore: 60,
    minSize: 0.5,
    zones: { person: [1] },
  });

  // Switched off, the person's zone taken away: the patch removes it rather than leaving it behind.
  await expect(dialog).toHaveCount(0);
  await page.getByTestId(`camera-edit-${CAMERA}`).click();
  await dialog.getByTestId('camera-form-group-objects').click();
  // The form shows what was saved before anything is changed in it.
  await expect(zones.getByTestId('camera-field-objectDetection.zones-person-1')).toBeChecked();
  await active.selectOption('off');
  await zones.getByTestId('camera-field-objectDetection.zones-person-1').uncheck();
  await page.getByTestId('camera-form-submit').click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(async () => (await adminApi.request<Camera>('GET', `/api/cameras/${CAMERA}`)).objectDetection).toMatchObject({ active: false, zones: {} });
});

test('object detection settings in Thai, light theme: labels and zones translated @phone', async ({ page, server, adminApi, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 503/); // the unreachable camera's snapshot, as above
  await adminApi.createCamera(CAMERA, 'rtsp://127.0.0.1:9/none', { videoanalysis: { active: false, regions: REGIONS } });
  await chooseLanguage(page, 'th');
  await signInAdminInTheme(page, server.url, 'light');
  await page.goto(`${server.url}/settings/cameras`);
  await page.getByTestId(`camera-edit-${CAMERA}`).click();
  const dialog = page.getByTestId('camera-form-dialog');
  await dialog.getByTestId('camera-form-group-objects').click();
  await expect(dialog.getByTestId('camera-form-group-objects')).toHaveText('การตรวจจับวัตถุ');
  await expect(dialog.getByRole('checkbox', { name: 'คน', exact: true })).toBeChecked();
  await expect(dialog.getByTestId('camera-field-objectDetection.zones-person')).toContainText('โซน 2');
});
