import type { Page } from '@playwright/test';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/camera-simulator.js';
import { addContinuousCamera, waitForFootage } from '../support/footage.js';
import { signInWithForm, waitForApp } from '../support/pages.js';

const CAMERA = 'Yard';

// A phone: touch input, a narrow screen.
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

/** Nothing on the page is wider than the screen (no sideways scrolling on a phone). */
async function fitsTheScreen(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** One finger down at `from`, moved to `to` in steps, lifted: Chromium's own touch input (CDP), as a phone sends it. */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, whileDown: () => Promise<void>): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let i = 1; i <= 8; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x + ((to.x - from.x) * i) / 8, y: from.y + ((to.y - from.y) * i) / 8 }] });
  }
  await whileDown();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test('on a phone a finger scrubs the timeline with a preview and plays from where it lifts; History fits the screen', async ({ page, server, adminApi, simulator }) => {
  test.setTimeout(150_000);
  const [source] = simulator.cameras;
  if (!source) throw new Error('the simulator should run a camera');
  await addContinuousCamera(adminApi, CAMERA, source.mainUrl);
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const span = await waitForFootage(adminApi, CAMERA, 20_000, 90_000);

  await page.goto(`${server.url}/cameras/${CAMERA}`);
  await waitForApp(page);
  await expect(page.getByTestId('live-player')).toBeVisible();
  // Zoom with the buttons (no keyboard on a phone): a day down to two minutes.
  for (let i = 0; i < 10; i++) await page.getByTestId('timeline-zoom-in').tap();
  await expect(page.getByTestId('timeline-zoom')).toHaveAttribute('data-span', String(2 * 60_000));
  await fitsTheScreen(page);

  const timeline = page.getByTestId('timeline');
  const start = Number(await timeline.getAttribute('data-window-start'));
  const end = Number(await timeline.getAttribute('data-window-end'));
  const row = await page.getByTestId('timeline-row').boundingBox();
  if (!row) throw new Error('no timeline row');
  const xOf = (t: number) => row.x + ((t - start) / (end - start)) * row.width;
  const target = Math.max(span.start, start) + 12_000;
  const y = row.y + row.height / 2;
  await touchDrag(page, { x: xOf(target - 8_000), y }, { x: xOf(target), y }, async () => {
    const preview = page.getByTestId('scrub-preview');
    await expect(preview).toBeVisible();
    expect(Math.abs(Number(await preview.getAttribute('data-at')) - target)).toBeLessThan(2_000);
  });
  const player = page.getByTestId('recorded-player');
  await expect(player).toHaveAttribute('data-status', 'playing');
  expect(Math.abs(Number(await player.getAttribute('data-position')) - target)).toBeLessThan(3_000);
  // the finger is gone: no preview left over the bar
  await expect(page.getByTestId('scrub-preview')).toHaveCount(0);
  await fitsTheScreen(page);

  await page.getByTestId('camera-history-link').tap();
  await expect(page.getByTestId('history-cameras')).toBeVisible();
  await expect(page.getByTestId('review-panel')).toBeVisible();
  await fitsTheScreen(page);
});
