import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/camera-simulator.js';
import { test as baseTest } from '../support/fixtures.js';
import { signInWithForm } from '../support/pages.js';

test('an admin sees the utilization charts fill live and the camera table, and the dashboard widget @phone', async ({ page, server, adminApi, simulator }) => {
  const [camera] = simulator.cameras;
  if (!camera) throw new Error('the simulator should run a camera');
  await adminApi.createCamera('Porch', camera.mainUrl, { prebuffering: true });

  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/utilization`);
  await expect(page.getByTestId('page-title')).toHaveText('Utilization');
  await expect(page.getByTestId('utilization-chart-cpu').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('utilization-chart-memory').locator('canvas')).toBeVisible();
  // This machine has no CPU sensor, or it does: either the note or the chart.
  await expect(page.getByTestId('utilization-temperature-none').or(page.getByTestId('utilization-chart-temperature'))).toBeVisible();
  // The first sample has no CPU yet (no previous reading); the next ones come over the socket every 5 s.
  await expect(page.getByTestId('utilization-cpu-now')).toContainText(/system \d/, { timeout: 20_000 });
  const cameras = page.getByTestId('utilization-cameras');
  await expect(cameras).toContainText('Porch');
  // A table on a desktop, a card per stream on a phone: whichever is shown says Streaming.
  await expect(cameras.getByText('Streaming').filter({ visible: true }).first()).toBeVisible({ timeout: 20_000 });

  // The dashboard widget: added from the drawer, a CPU chart; its settings add the memory chart.
  await page.goto(`${server.url}/dashboard`);
  await page.getByTestId('dashboard-add').click();
  await page.getByTestId('widget-add-utilization').click();
  const widget = page.locator('[data-widget-type="utilization"]');
  await expect(widget.getByTestId('utilization-widget-cpu').locator('canvas')).toBeVisible();
  await expect(widget.getByTestId('utilization-widget-memory')).toHaveCount(0);
  await widget.getByTestId('widget-settings').click();
  await page.getByTestId('utilization-widget-series').selectOption('both');
  await page.getByTestId('widget-settings-done').click();
  await expect(widget.getByTestId('utilization-widget-memory').locator('canvas')).toBeVisible();
});

baseTest('a user without admin is turned away from /utilization @phone', async ({ page, server, adminApi }) => {
  await adminApi.createUser('viewer', 'viewer-password-1', ['cameras:access']);
  await signInWithForm(page, server.url, 'viewer', 'viewer-password-1');
  await expect(page).toHaveURL(/\/cameras$/);
  await page.goto(`${server.url}/utilization`);
  await expect(page.getByTestId('toast')).toContainText('Permission required');
  await expect(page).not.toHaveURL(/\/utilization$/);
  await expect(page.getByTestId('utilization')).toHaveCount(0);
});
