import type { CameraStatus, Notification } from '@homecam/shared';
import { test as base, expect } from '../support/camera-simulator.js';
import { startFakeRekognition, type FakeRekognition } from '../support/fake-rekognition.js';
import { ADMIN } from '../support/api.js';
import { signInWithForm, waitForApp } from '../support/pages.js';
import { startServer } from '../support/server.js';

const CAMERA = 'Driveway';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

/** The server talks to a local Rekognition fake (HOMECAM_REKOGNITION_ENDPOINT) instead of AWS. */
const test = base.extend<{ rekognition: FakeRekognition }>({
  rekognition: async ({}, use) => {
    const fake = await startFakeRekognition([
      { Name: 'Person', Confidence: 98.4 },
      { Name: 'Car', Confidence: 85.1 },
      { Name: 'Tree', Confidence: 40 },
    ]);
    await use(fake);
    await fake.close();
  },
  server: async ({ rekognition }, use) => {
    const server = await startServer({ HOMECAM_REKOGNITION_ENDPOINT: rekognition.url });
    await use(server);
    await server.stop();
  },
});

test('a motion event with Rekognition on shows its labels and the label filter finds it', async ({ page, server, adminApi, simulator, rekognition }) => {
  test.setTimeout(90_000);
  const [first] = simulator.cameras;
  if (!first) throw new Error('the simulator should run a camera');
  await adminApi.request('PATCH', '/api/settings/rekognition', { active: true, accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: SECRET, region: 'eu-west-1' });
  await adminApi.request('PATCH', '/api/config/recordings', { active: true, type: 'Snapshot', timer: 2, removeAfter: 7 });
  await adminApi.createCamera(CAMERA, first.mainUrl, { prebuffering: true, prebufferLength: 2, rekognition: { active: true, confidence: 80, labels: [] } });
  await expect
    .poll(async () => (await adminApi.request<CameraStatus>('GET', `/api/cameras/${CAMERA}/status`)).state, { timeout: 30_000 })
    .toBe('streaming');

  // The API trigger carries no picture: the analysis takes a snapshot of the running stream.
  await adminApi.request('PUT', `/api/cameras/${CAMERA}/motion/start`);
  await adminApi.request('PUT', `/api/cameras/${CAMERA}/motion/reset`);
  await expect.poll(() => rekognition.calls.length, { timeout: 15_000 }).toBe(1);
  expect(rekognition.calls[0]?.credential).toMatch(/^AKIAIOSFODNN7EXAMPLE\/\d{8}\/eu-west-1\/rekognition\/aws4_request$/);
  // Rekognition's names are stored in the local detector's vocabulary (its "Person" is `person`), and the
  // label filter is case-blind for older rows.
  const list = await adminApi.request<{ result: Notification[] }>('GET', '/api/notifications?labels=Person');
  expect(list.result).toHaveLength(1);
  const [note] = list.result;
  expect(note).toMatchObject({ camera: CAMERA, label: 'person', labels: ['person', 'car'] });

  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/notifications`);
  await waitForApp(page);
  const labels = page.getByTestId(`notification-labels-${note?.id}`);
  await expect(labels).toHaveText(/Person\s*Car/);

  // Filtering by a label it does not have hides it; by one it has shows it (the options come from the list).
  await page.getByTestId('events-filter-open').click();
  await page.getByTestId('events-filter-labels-doorbell').check();
  await page.getByTestId('events-filter-apply').click();
  await expect(page.getByTestId('notifications-empty')).toBeVisible();
  await page.getByTestId('events-filter-open').click();
  await page.getByTestId('events-filter-reset').click();
  await page.getByTestId('events-filter-apply').click();
  await expect(labels).toBeVisible();
  await page.getByTestId('events-filter-open').click();
  await expect(page.getByTestId('events-filter-labels-Tree')).toHaveCount(0);
  await page.getByTestId('events-filter-labels-car').check();
  await page.getByTestId('events-filter-apply').click();
  await expect(page).toHaveURL(/labels=car/);
  await expect(labels).toBeVisible();
  await expect(page.locator('[data-testid^="notification-card-"]')).toHaveCount(1);

  expect(server.output()).not.toContain(SECRET);
});
