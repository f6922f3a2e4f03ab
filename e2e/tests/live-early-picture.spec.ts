import type { Page } from '@playwright/test';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/camera-simulator.js';
import { signInWithForm } from '../support/pages.js';

/**
 * Watches every <video> the page ever gets: where it first appeared (inside the early picture's layer or not), its
 * first decoded frame, and the MSE source URL it played then; and whether the loading splash ever showed. Runs
 * before the page's own scripts.
 */
async function watchVideos(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: { inLayer: boolean; firstFrameMs: number | null; srcAtFirstFrame: string | null; element: HTMLVideoElement }[] = [];
    (window as unknown as { videosSeen: typeof seen }).videosSeen = seen;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="splash"]')) (window as unknown as { splashSeen: boolean }).splashSeen = true;
      for (const video of Array.from(document.querySelectorAll('video'))) {
        if (seen.some((entry) => entry.element === video)) continue;
        const entry = { inLayer: video.closest('.early-picture') !== null, firstFrameMs: null as number | null, srcAtFirstFrame: null as string | null, element: video };
        seen.push(entry);
        video.requestVideoFrameCallback(() => {
          entry.firstFrameMs = performance.now();
          entry.srcAtFirstFrame = video.getAttribute('src');
        });
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/**
 * Every CSP violation the page reports about a script element. The early script is inline in index.html and runs by the hash the server
 * reads from the built file: a hash that does not match would be refused (and the early picture never show).
 */
async function watchCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => {
      // zod probes whether it may compile validators with Function() and, refused, validates without: not a script.
      if (event.blockedURI !== 'eval') violations.push(`${event.effectiveDirective}: ${event.blockedURI || 'inline'}`);
    });
  });
}

const videosSeen = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { videosSeen: { inLayer: boolean; firstFrameMs: number | null; srcAtFirstFrame: string | null; element: HTMLVideoElement }[] }).videosSeen.map((entry) => ({
      inLayer: entry.inLayer,
      firstFrameMs: entry.firstFrameMs,
      srcAtFirstFrame: entry.srcAtFirstFrame,
      inPlayer: entry.element.closest('[data-testid="live-player"]') !== null,
      src: entry.element.getAttribute('src'),
      frames: entry.element.getVideoPlaybackQuality().totalVideoFrames,
    })),
  );

for (const transport of ['mse', 'webrtc'] as const) {
  test(`a camera page opened from nothing plays the early script's picture, and the player adopts that <video> (${transport})`, async ({ page, server, adminApi, simulator }) => {
    const [first] = simulator.cameras;
    if (!first) throw new Error('the simulator should run a camera');
    await adminApi.createCamera('Porch', first.mainUrl, { prebuffering: true });
    // MSE: a browser without WebRTC (the early socket then asks for MSE itself)
    if (transport === 'mse') await page.addInitScript(() => Reflect.deleteProperty(window, 'RTCPeerConnection'));
    await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await watchVideos(page);
    await watchCspViolations(page);
    await page.goto(`${server.url}/cameras/Porch`);
    const player = page.getByTestId('live-player');
    await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
    await expect(player).toHaveAttribute('data-transport', transport);
    await expect(page.locator('.early-picture')).toHaveCount(0); // the layer went with the adoption
    // The picture is the page's loading screen: no splash hid it (spec's 2.25 s splash is for the other pages).
    expect(await page.evaluate(() => (window as unknown as { splashSeen?: boolean }).splashSeen ?? false)).toBe(false);

    // The early script ran inline under the CSP (its hash), and nothing else was refused.
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(await page.locator('head > script:not([src]):not([type])').count()).toBe(1);

    // One <video> in all: it appeared in the early layer, showed frames there, and is the player's now.
    const [video, ...others] = await videosSeen(page);
    expect(others).toEqual([]);
    expect(video).toMatchObject({ inLayer: true, inPlayer: true });
    expect(video!.firstFrameMs).not.toBeNull();
    // MSE: the same MediaSource as at the first frame (the player went on with the early sink, it did not start over)
    if (transport === 'mse') expect(video!.src).toBe(video!.srcAtFirstFrame);
    await expect.poll(async () => (await videosSeen(page))[0]!.frames, { timeout: 10_000 }).toBeGreaterThan(video!.frames + 10);
  });
}
