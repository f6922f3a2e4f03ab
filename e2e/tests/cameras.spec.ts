import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@homecam/shared';
import { ADMIN, type Api } from '../support/api.js';
import { expect, test } from '../support/camera-simulator.js';
import { signInWithForm, waitForApp } from '../support/pages.js';
import type { CameraSimulator } from '@homecam/tools';

async function addCameras(api: Api, simulator: CameraSimulator): Promise<[string, string]> {
  const [first, second] = simulator.cameras;
  if (!first || !second) throw new Error('the simulator should run two cameras');
  await api.createCamera('Front door', first.mainUrl);
  await api.createCamera('Garden', second.mainUrl, { videoConfig: { source: second.mainUrl, subSource: second.subUrl } });
  return ['Front door', 'Garden'];
}

/** Records, from navigation start (performance.now()), the first `playing` and the first decoded frame. */
async function recordFirstFrame(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const marks = window as unknown as { firstPlayingMs?: number; firstFrameMs?: number };
    document.addEventListener('playing', () => (marks.firstPlayingMs ??= performance.now()), true);
    new MutationObserver(() => {
      for (const video of Array.from(document.querySelectorAll('video'))) {
        if (video.dataset.watched) continue;
        video.dataset.watched = 'yes';
        const onFrame = () => (marks.firstFrameMs ??= performance.now());
        if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(onFrame);
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Luma mean and standard deviation of the video's current picture, drawn to a small canvas. */
function pictureStats(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const video = document.querySelector<HTMLVideoElement>(sel);
    if (!video || video.videoWidth === 0) return { mean: 0, deviation: 0 };
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 90;
    const context = canvas.getContext('2d');
    if (!context) return { mean: 0, deviation: 0 };
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const luma: number[] = [];
    for (let i = 0; i < data.length; i += 4) luma.push(0.299 * (data[i] ?? 0) + 0.587 * (data[i + 1] ?? 0) + 0.114 * (data[i + 2] ?? 0));
    const mean = luma.reduce((sum, value) => sum + value, 0) / luma.length;
    const variance = luma.reduce((sum, value) => sum + (value - mean) ** 2, 0) / luma.length;
    return { mean, deviation: Math.sqrt(variance) };
  }, selector);
}

const firstFrameTiming = (page: Page) =>
  page.evaluate(() => {
    const marks = window as unknown as { firstPlayingMs?: number; firstFrameMs?: number };
    return { firstPlayingMs: marks.firstPlayingMs, firstFrameMs: marks.firstFrameMs };
  });

const currentTime = (page: Page, selector: string) =>
  page.evaluate((sel) => document.querySelector<HTMLVideoElement>(sel)?.currentTime ?? 0, selector);

test('a camera page plays the live video: time advances and the picture is not black @phone', async ({ page, server, adminApi, simulator }) => {
  const [camera] = await addCameras(adminApi, simulator);
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await recordFirstFrame(page);
  await page.goto(`${server.url}/cameras/${encodeURIComponent(camera)}`);
  await expect(page.getByTestId('page-title')).toHaveText(camera);
  const player = page.getByTestId('live-player');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await expect(page.getByTestId('camera-room')).toHaveText('Standard');
  await expect(page.getByTestId('camera-status')).toHaveAttribute('data-state', 'streaming');

  const video = '[data-testid="live-video"]';
  const start = await currentTime(page, video);
  await expect.poll(() => currentTime(page, video), { timeout: 10_000 }).toBeGreaterThan(start + 1);
  // The simulated picture is a dark background with a white clock and ball: far from one flat colour.
  const picture = await pictureStats(page, video);
  expect(picture.deviation, `picture ${JSON.stringify(picture)}`).toBeGreaterThan(8);

  // Stays near the live edge: over MSE within ~1.5 s of the newest buffered media; over WebRTC (the default,
  // webrtc-live.spec.ts) there is no buffer to lag behind, the MediaStream shows each frame as it arrives.
  const lag = await page.evaluate((sel) => {
    const element = document.querySelector<HTMLVideoElement>(sel);
    if (element?.srcObject instanceof MediaStream) return 0;
    return element && element.buffered.length > 0 ? element.buffered.end(element.buffered.length - 1) - element.currentTime : 99;
  }, video);
  expect(lag).toBeLessThan(1.6);
  await expect(player).toHaveAttribute('data-transport', /^(webrtc|mse)$/);

  const cold = await firstFrameTiming(page);
  expect(cold.firstPlayingMs).toBeDefined();
  // Again while the camera's stream is running (the upstream idles out only 15 s after its last viewer).
  await page.reload();
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  const warm = await firstFrameTiming(page);
  console.log(
    `[${test.info().project.name}] page open → first 'playing' / first decoded frame: cold stream ${cold.firstPlayingMs?.toFixed(0)} / ${cold.firstFrameMs?.toFixed(0)} ms, ` +
      `running stream ${warm.firstPlayingMs?.toFixed(0)} / ${warm.firstFrameMs?.toFixed(0)} ms; picture luma ${JSON.stringify(picture)}`,
  );

  // The pause button stops the stream, play starts it again.
  await page.getByTestId('player-play').click();
  await expect(player).toHaveAttribute('data-state', 'paused');
  await page.getByTestId('player-play').click();
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });

  // The feed page is the player alone.
  await page.getByTestId('camera-feed-link').click();
  await expect(page).toHaveURL(/\/feed$/);
  await expect(page.getByTestId('live-player')).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  await expect(page.getByTestId('navbar')).toHaveCount(0);
});

/** Drags from the centre of `handle` by (dx, dy) pixels with the mouse, in steps like a hand would. */
async function drag(page: Page, handle: ReturnType<Page['getByTestId']>, dx: number, dy: number) {
  const box = await handle.boundingBox();
  if (!box) throw new Error('the handle is not visible');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
  await page.mouse.move(x + dx, y + dy, { steps: 4 });
  await page.mouse.up();
}

async function position(tile: ReturnType<Page['getByTestId']>): Promise<Record<string, number>> {
  const entries = await Promise.all(['x', 'y', 'w', 'h'].map(async (key) => [key, Number(await tile.getAttribute(`data-${key}`))] as const));
  return Object.fromEntries(entries);
}

test('camview shows both cameras live; a moved and resized tile survives a reload', async ({ page, server, adminApi, simulator }) => {
  const [first, second] = await addCameras(adminApi, simulator);
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/camview`);
  await waitForApp(page);

  const grid = page.getByTestId('camview-grid');
  await expect(grid).toHaveAttribute('data-count', '2');
  const tileA = page.getByTestId(`camview-tile-${first}`);
  const tileB = page.getByTestId(`camview-tile-${second}`);
  await expect(tileA.getByTestId('live-player')).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await expect(tileB.getByTestId('live-player')).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  // A tile of half the grid plays the sub stream where the camera has one.
  await expect(tileA.getByTestId('live-player')).toHaveAttribute('data-stream', 'main');
  await expect(tileB.getByTestId('live-player')).toHaveAttribute('data-stream', 'sub');
  // Two cameras on a wide screen: side by side, each one cell (2×2 units) of a 4×2-unit grid.
  expect(await position(tileA)).toEqual({ x: 0, y: 0, w: 2, h: 2 });
  expect(await position(tileB)).toEqual({ x: 2, y: 0, w: 2, h: 2 });

  const box = await grid.boundingBox();
  if (!box) throw new Error('no grid');
  const unit = { width: box.width / 4, height: box.height / 2 };
  // Shrink the first tile to one unit, then move it one unit right and down.
  await drag(page, page.getByTestId(`camview-tile-resize-${first}`), -unit.width, -unit.height);
  await expect.poll(() => position(tileA)).toEqual({ x: 0, y: 0, w: 1, h: 1 });
  await drag(page, page.getByTestId(`camview-tile-move-${first}`), unit.width, unit.height);
  await expect.poll(() => position(tileA)).toEqual({ x: 1, y: 1, w: 1, h: 1 });
  // The second tile shows snapshots from now on.
  await page.getByTestId(`camview-tile-mode-${second}`).click();
  await expect(tileB).toHaveAttribute('data-mode', 'snapshot');

  const saved = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.camviewLayouts);
  expect(JSON.parse(saved ?? '{}')).toHaveProperty('2');

  await page.reload();
  await waitForApp(page);
  await expect(page.getByTestId('camview-grid')).toHaveAttribute('data-count', '2');
  expect(await position(tileA)).toEqual({ x: 1, y: 1, w: 1, h: 1 });
  expect(await position(tileB)).toEqual({ x: 2, y: 0, w: 2, h: 2 });
  await expect(tileB).toHaveAttribute('data-mode', 'snapshot');
  await expect(tileB.getByTestId('camera-snapshot').locator('img').first()).toBeVisible({ timeout: 15_000 });
  await expect(tileA.getByTestId('live-player')).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });

  // Only the favourite: one camera fills the grid (its own layout); kept on this device.
  await page.getByTestId('camview-choose').click();
  await page.getByTestId(`camview-favourite-${second}`).uncheck();
  await page.getByTestId('camview-favourites-save').click();
  await expect(page.getByTestId('camview-grid')).toHaveAttribute('data-count', '1');
  expect(await position(tileA)).toEqual({ x: 0, y: 0, w: 2, h: 2 });
  await expect(tileB).toHaveCount(0);
});

test('the first start can add the demo camera on the way to the dashboard', async ({ page, server }) => {
  await signInWithForm(page, server.url, 'master', 'master');
  await expect(page).toHaveURL(/\/start$/);
  await page.getByTestId('start-username').fill(ADMIN.username);
  await page.getByTestId('start-password').fill(ADMIN.password);
  await page.getByTestId('start-password-confirm').fill(ADMIN.password);
  await page.getByTestId('start-add-demo').check();
  await page.getByTestId('start-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`${server.url}/settings/cameras`);
  await expect(page.getByTestId('camera-settings-row-Demo')).toContainText('demo:');
});
