import type { Camera } from '@homecam/shared';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/camera-simulator.js';
import { signInWithForm } from '../support/pages.js';

const CAMERA = 'Driveway';

test('motion zones: a triangle drawn on the snapshot and a new sensitivity are saved live @phone', async ({ page, server, adminApi, simulator, hasTouch }) => {
  test.setTimeout(90_000);
  const [first] = simulator.cameras;
  if (!first) throw new Error('the simulator should run a camera');
  await adminApi.createCamera(CAMERA, first.mainUrl, { videoanalysis: { active: true, sensitivity: 75 } });

  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/settings/cameras`);
  // On a phone the settings menu is a sideways strip: the current page's tab is scrolled into view, and the
  // page is never wider than the screen.
  await expect(page.getByTestId('settings-nav-settings-cameras')).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await page.getByTestId(`camera-motion-${CAMERA}`).click();
  const dialog = page.getByTestId('motion-zones-dialog');
  await expect(dialog).toBeVisible();
  // The snapshot loads (the session cookie authorises it) before drawing on it.
  const snapshot = dialog.getByTestId('zone-snapshot');
  await expect.poll(() => snapshot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);

  const surface = dialog.getByTestId('zone-surface');
  const box = await surface.boundingBox();
  if (!box) throw new Error('the drawing surface should have a size');
  await expect(dialog.getByTestId('zone-finish')).toBeDisabled();
  // A phone taps (touch pointer events), a desktop clicks.
  const press = (x: number, y: number) => (hasTouch ? surface.tap({ position: { x: box.width * x, y: box.height * y } }) : surface.click({ position: { x: box.width * x, y: box.height * y } }));
  await press(0.2, 0.2);
  await press(0.8, 0.2);
  await press(0.5, 0.8);
  await expect(surface).toHaveAttribute('data-draft-points', '3');
  await dialog.getByTestId('zone-finish').click();
  await expect(dialog.getByTestId('zone-polygon-0')).toHaveCount(1);
  await expect(dialog.getByTestId('zone-item-0')).toContainText('3 points');

  // Drag the second corner (80 %, 20 %) to (70 %, 40 %): pointer down on its handle, move, up.
  const corner = dialog.getByTestId('zone-point-0-1');
  await expect(corner).toHaveAttribute('data-x', '80');
  const handleBox = await corner.boundingBox();
  if (!handleBox) throw new Error('the point handle should have a size');
  const surfaceBox = await surface.boundingBox();
  if (!surfaceBox) throw new Error('the drawing surface should have a size');
  await page.mouse.move(handleBox.x + handleBox.width / 2, handleBox.y + handleBox.height / 2);
  await page.mouse.down();
  await page.mouse.move(surfaceBox.x + surfaceBox.width * 0.7, surfaceBox.y + surfaceBox.height * 0.4, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => Number(await corner.getAttribute('data-x'))).toBeCloseTo(70, 0);
  // The focused handle moves 1 % with an arrow key; Delete keeps the triangle's three points.
  await expect(corner).toBeFocused();
  const draggedY = Number(await corner.getAttribute('data-y'));
  await corner.press('ArrowDown');
  await expect(corner).toHaveAttribute('data-y', String(Math.round((draggedY + 1) * 10) / 10));
  await corner.press('Delete');
  await expect(dialog.getByTestId('zone-item-0')).toContainText('3 points');
  const movedX = Number(await corner.getAttribute('data-x'));

  await dialog.getByTestId('motion-slider-sensitivity').fill('40');
  await expect(dialog.getByTestId('motion-value-sensitivity')).toHaveText('40 %');
  await page.getByTestId('motion-zones-submit').click();
  await expect(page.getByTestId('toast')).toContainText(`Motion settings of ${CAMERA} saved`);
  await expect(dialog).toHaveCount(0);

  const saved = await adminApi.request<Camera>('GET', `/api/cameras/${CAMERA}`);
  expect(saved.videoanalysis.sensitivity).toBe(40);
  expect(saved.videoanalysis.regions).toHaveLength(1);
  const [zone] = saved.videoanalysis.regions;
  expect(zone?.coords).toHaveLength(3);
  for (const [x, y] of zone?.coords ?? []) {
    expect(x).toBeGreaterThanOrEqual(0);
    expect(y).toBeLessThanOrEqual(100);
    expect(Math.round(x * 10) / 10).toBe(x);
  }
  expect(zone?.coords[0]?.[0]).toBeCloseTo(20, 0);
  expect(zone?.coords[2]?.[1]).toBeCloseTo(80, 0);
  // The dragged corner is saved where it was left.
  expect(zone?.coords[1]).toEqual([movedX, Math.round((draggedY + 1) * 10) / 10]);
  expect(zone?.coords[1]?.[0]).toBeCloseTo(70, 0);
  expect(zone?.coords[1]?.[1]).toBeCloseTo(41, 0);
});
