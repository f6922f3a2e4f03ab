import type { Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, type Api } from '../support/api.js';
import { expect, test } from '../support/camera-simulator.js';
import { addContinuousCamera, framePrint, playlistSegments, probe, segmentFiles, timelineOf, videoPacketHashes, waitForFootage } from '../support/footage.js';
import { signInWithForm, waitForApp } from '../support/pages.js';

const CAMERA = 'Yard';

/** Where instant `t` lies on the timeline's rows (from the window the timeline says it shows). */
async function pointAt(page: Page, t: number): Promise<{ x: number; y: number }> {
  const timeline = page.getByTestId('timeline');
  const start = Number(await timeline.getAttribute('data-window-start'));
  const end = Number(await timeline.getAttribute('data-window-end'));
  const box = await page.getByTestId('timeline-row').first().boundingBox();
  if (!box) throw new Error('the timeline row is not on screen');
  return { x: box.x + ((t - start) / (end - start)) * box.width, y: box.y + box.height / 2 };
}

const position = async (page: Page) => Number(await page.getByTestId('recorded-player').getAttribute('data-position'));
const currentTime = (page: Page) => page.getByTestId('recorded-video').evaluate((video: HTMLVideoElement) => video.currentTime);

/** Presses the mouse at `from`, drags to `to` (the preview follows), lets go; the player then plays from `to`. */
async function scrub(page: Page, from: number, to: number): Promise<void> {
  const a = await pointAt(page, from);
  const b = await pointAt(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 8 });
  const preview = page.getByTestId('scrub-preview');
  await expect(preview).toBeVisible();
  expect(Math.abs(Number(await preview.getAttribute('data-at')) - to)).toBeLessThan(1_500);
  // The minute's keyframe preview (decoded by the server on first request) is shown while dragging.
  await expect.poll(() => preview.getByTestId('scrub-preview-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
  await page.mouse.up();
}

/** Pauses the recorded player and answers where it stands and what it shows. */
async function pauseAndLook(page: Page): Promise<{ at: number; print: string }> {
  const player = page.getByTestId('recorded-player');
  await expect(player).toHaveAttribute('data-status', 'playing');
  await page.getByTestId('playback-play').click();
  await expect(player).toHaveAttribute('data-status', 'paused');
  return { at: await position(page), print: await framePrint(page, 'recorded-video') };
}

async function motionEvent(api: Api): Promise<void> {
  await api.request('PUT', `/api/cameras/${CAMERA}/motion/start`);
  await api.request('PUT', `/api/cameras/${CAMERA}/motion/reset`);
}

test('24/7 footage: scrub the timeline, play across a segment boundary, jump to the next event, export 90 s and download it', async ({ page, server, adminApi, simulator }) => {
  test.setTimeout(300_000);
  const [source] = simulator.cameras;
  if (!source) throw new Error('the simulator should run a camera');
  await addContinuousCamera(adminApi, CAMERA, source.mainUrl);
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  // An event a little into the footage: "next event" has somewhere to jump to from before it.
  const early = await waitForFootage(adminApi, CAMERA, 14_000, 90_000);
  await motionEvent(adminApi);
  const span = await waitForFootage(adminApi, CAMERA, 30_000, 90_000);

  await test.step('scrubbing the camera page timeline changes the picture', async () => {
    await page.goto(`${server.url}/cameras/${CAMERA}`);
    await waitForApp(page);
    await expect(page.getByTestId('live-player')).toBeVisible();
    await page.getByTestId('timeline-surface').focus();
    // From a day down to two minutes with the keyboard (zooming at the live edge keeps now in view).
    for (let i = 0; i < 10; i++) await page.keyboard.press('+');
    await expect(page.getByTestId('timeline-zoom')).toHaveAttribute('data-span', String(2 * 60_000));
    const windowStart = Number(await page.getByTestId('timeline').getAttribute('data-window-start'));
    const a = Math.max(span.start, windowStart) + 4_000;
    const b = a + 16_000;
    await scrub(page, a - 3_000, b);
    const first = await pauseAndLook(page);
    expect(Math.abs(first.at - b)).toBeLessThan(3_000);
    await scrub(page, b, a);
    const second = await pauseAndLook(page);
    expect(Math.abs(second.at - a)).toBeLessThan(3_000);
    expect(second.print).not.toBe(first.print);
    // Back to live: the live player returns.
    await page.getByTestId('playback-live').click();
    await expect(page.getByTestId('live-player')).toBeVisible();
  });

  await test.step('playback crosses a segment boundary without a stall', async () => {
    const segments = await playlistSegments(adminApi, CAMERA, span.start, Date.now());
    const [, , third] = segments;
    if (!third) throw new Error(`too few segments: ${JSON.stringify(segments)}`);
    await page.goto(`${server.url}/history?cameras=${CAMERA}&at=${third.date + 300}`);
    await waitForApp(page);
    const player = page.getByTestId('recorded-player');
    await expect(player).toHaveAttribute('data-status', 'playing');
    await page.getByTestId('recorded-video').evaluate((video: HTMLVideoElement) => {
      const w = window as unknown as { stalls: number };
      w.stalls = 0;
      video.addEventListener('waiting', () => (w.stalls += 1));
    });
    const startMedia = await currentTime(page);
    const startWall = await position(page);
    // The next boundary inside continuous footage (the previous segment ends where this one starts).
    const boundary = segments.find((segment, i) => {
      const before = segments[i - 1];
      return segment.date > startWall + 500 && before !== undefined && Math.abs(before.date + before.seconds * 1000 - segment.date) < 100;
    });
    if (!boundary) throw new Error(`no boundary after ${startWall} in ${JSON.stringify(segments)}`);
    // The boundary's media time: inside continuous footage the player's time runs with the wall clock.
    const boundaryMedia = startMedia + (boundary.date - startWall) / 1000;
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(boundaryMedia + 1);
    expect(await position(page)).toBeGreaterThan(boundary.date + 900);
    expect(await page.evaluate(() => (window as unknown as { stalls: number }).stalls)).toBe(0);
    await expect(player).toHaveAttribute('data-status', 'playing');
  });

  await test.step('next event jumps to the event', async () => {
    const [event] = (await timelineOf(adminApi, CAMERA)).events;
    if (!event) throw new Error('the motion event should be on the timeline');
    const from = Math.max(early.start + 500, event.start - 10_000);
    await page.goto(`${server.url}/history?cameras=${CAMERA}&at=${from}`);
    await waitForApp(page);
    await expect(page.getByTestId('recorded-player')).toHaveAttribute('data-status', 'playing');
    await expect(page.getByTestId('timeline-marker').first()).toBeVisible();
    await expect(page.getByTestId('playback-next-event')).toBeEnabled();
    await page.getByTestId('playback-next-event').click();
    await expect.poll(() => position(page)).toBeGreaterThanOrEqual(event.start - 500);
    expect(await position(page)).toBeLessThan(event.start + 3_000);
  });

  await test.step('review: the event is one unreviewed item; marked reviewed it leaves the unreviewed list', async () => {
    const count = page.getByTestId('review-unreviewed-count');
    await expect(count).toHaveAttribute('data-count', '1');
    await expect(page.getByTestId('history-tab-review')).toContainText('(1)');
    await page.getByTestId('review-item-toggle').click();
    await expect(count).toHaveAttribute('data-count', '0');
    await expect(page.getByTestId('review-empty')).toBeVisible();
    await page.getByTestId('review-filter-all').click();
    await expect(page.getByTestId('review-item')).toHaveAttribute('data-reviewed', 'true');
    // opening it plays it from its start
    await page.getByTestId('review-item-open').click();
    await expect(page.getByTestId('recorded-player')).toHaveAttribute('data-status', 'playing');
  });

  await test.step('export 90 s, download it: stream copy of the recorded packets, 90 s long', async () => {
    const long = await waitForFootage(adminApi, CAMERA, 100_000, 150_000);
    const from = Math.ceil((long.start + 3_000) / 1000) * 1000;
    const to = from + 90_000;
    await page.goto(`${server.url}/history?cameras=${CAMERA}`);
    await waitForApp(page);
    await page.getByTestId('history-export').click();
    await expect(page.getByTestId('timeline-selection')).toBeVisible();
    const local = (t: number) => new Date(t - new Date(t).getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
    await page.getByTestId('export-from').fill(local(from));
    await page.getByTestId('export-to').fill(local(to));
    await expect(page.getByTestId('export-length')).toContainText('1:30');
    await page.getByTestId('export-name').fill('Gate 90');
    await page.getByTestId('export-submit').click();
    const item = page.getByTestId('export-item').filter({ hasText: 'Gate 90' });
    await expect(item).toHaveAttribute('data-status', 'done', { timeout: 60_000 });

    const dir = await mkdtemp(join(tmpdir(), 'homecam-export-'));
    try {
      const [download] = await Promise.all([page.waitForEvent('download'), item.getByTestId('export-item-download').click()]);
      expect(download.suggestedFilename()).toBe('Gate 90.mp4');
      const file = join(dir, 'export.mp4');
      await download.saveAs(file);
      const exported = await probe(file);
      expect(exported.codec).toBe('h264');
      expect(Math.abs(exported.duration - 90)).toBeLessThanOrEqual(0.5);
      // No re-encode: every video packet of the export is one the camera sent, byte for byte.
      const recorded = new Set((await Promise.all((await segmentFiles(server.dataDir, CAMERA)).map(videoPacketHashes))).flat());
      const packets = await videoPacketHashes(file);
      expect(packets.length).toBeGreaterThan(90 * 25 * 0.95);
      expect(packets.filter((hash) => !recorded.has(hash))).toEqual([]);
      // Deleted by its owner: gone from the list.
      await item.getByTestId('export-item-delete').click();
      await page.getByTestId('confirm-dialog-confirm').click();
      await expect(page.getByTestId('export-empty')).toBeVisible();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
