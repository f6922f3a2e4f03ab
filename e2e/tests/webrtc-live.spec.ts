import type { Page } from '@playwright/test';
import { ADMIN, type Api } from '../support/api.js';
import { expect, test } from '../support/camera-simulator.js';
import { signInWithForm } from '../support/pages.js';
import type { CameraSimulator } from '@homecam/tools';

async function addCamera(api: Api, simulator: CameraSimulator): Promise<string> {
  const [first] = simulator.cameras;
  if (!first) throw new Error('the simulator should run a camera');
  await api.createCamera('Porch', first.mainUrl);
  return 'Porch';
}

/** Decoded frames of the live <video> (WebRTC and MSE alike) and whether it is fed by a MediaStream. */
const videoInfo = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="live-video"]');
    return {
      frames: video?.getVideoPlaybackQuality().totalVideoFrames ?? 0,
      mediaStream: video?.srcObject instanceof MediaStream,
      width: video?.videoWidth ?? 0,
    };
  });

/** Opens the camera page and returns how long page open → the player saying it plays took. */
async function openCamera(page: Page, baseUrl: string, camera: string): Promise<number> {
  await signInWithForm(page, baseUrl, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const started = Date.now();
  await page.goto(`${baseUrl}/cameras/${encodeURIComponent(camera)}`);
  await expect(page.getByTestId('live-player')).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  return Date.now() - started;
}

test('the camera page plays over WebRTC: badge, decoded frames, pause and play', async ({ page, server, adminApi, simulator }) => {
  const camera = await addCamera(adminApi, simulator);
  const offers: string[] = [];
  const candidateMids: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      if (typeof payload !== 'string' || !socket.url().includes('/live')) return;
      const message = JSON.parse(payload) as { type: string; sdp?: string; mid?: string };
      if (message.type === 'webrtc-offer') offers.push(message.sdp ?? '');
      if (message.type === 'webrtc-candidate') candidateMids.push(message.mid ?? '');
    }),
  );
  const ms = await openCamera(page, server.url, camera);
  // One ICE transport for picture and sound (max-bundle): the candidates (in the offer, which goes out once the socket
  // is open with those gathered by then, or trickled after the answer) are all of the video section; the audio
  // section rides on it (with 'balanced' it has candidates of its own, a second transport for ICE to check).
  expect(offers.length).toBeGreaterThan(0);
  const [video = '', audio = ''] = offers[0]!.split(/^(?=m=audio )/m);
  expect(audio).toMatch(/^m=audio /);
  expect(audio).not.toContain('a=candidate:');
  const videoMid = /^a=mid:(\S+)/m.exec(video)?.[1];
  expect(video.includes('a=candidate:') || candidateMids.length > 0).toBe(true);
  expect(candidateMids.filter((mid) => mid !== videoMid)).toEqual([]);
  const player = page.getByTestId('live-player');
  await expect(player).toHaveAttribute('data-transport', 'webrtc');
  await expect(page.getByTestId('player-transport')).toHaveText('WebRTC');
  await expect.poll(async () => (await videoInfo(page)).frames, { timeout: 10_000 }).toBeGreaterThan(10);
  const info = await videoInfo(page);
  expect(info.mediaStream).toBe(true);
  expect(info.width).toBe(1280);
  // The simulator's AAC tone comes as an Opus track in the picture's MediaStream.
  const audioTracks = () =>
    page.evaluate(() => (document.querySelector<HTMLVideoElement>('[data-testid="live-video"]')?.srcObject as MediaStream | null)?.getAudioTracks().length ?? 0);
  await expect.poll(audioTracks, { timeout: 10_000 }).toBe(1);
  console.log(`[webrtc] page open → playing over WebRTC (cold camera): ${ms} ms`);

  // Pause stops the picture, play starts it again over the same peer connection.
  await page.getByTestId('player-play').click();
  await expect(player).toHaveAttribute('data-state', 'paused');
  await page.getByTestId('player-play').click();
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  await expect(player).toHaveAttribute('data-transport', 'webrtc');
  const resumed = (await videoInfo(page)).frames;
  await expect.poll(async () => (await videoInfo(page)).frames, { timeout: 10_000 }).toBeGreaterThan(resumed + 10);
});

test('with WebRTC turned off the player falls back to MSE and says why', async ({ page, server, adminApi, simulator }) => {
  await adminApi.request('PATCH', '/api/config/webrtc', { active: false });
  const camera = await addCamera(adminApi, simulator);
  await openCamera(page, server.url, camera);
  const player = page.getByTestId('live-player');
  await expect(player).toHaveAttribute('data-transport', 'mse');
  const badge = page.getByTestId('player-transport');
  await expect(badge).toHaveText('MSE');
  await expect(badge).toHaveAttribute('data-fallback', 'DISABLED');
  await expect(badge).toHaveAttribute('title', /WebRTC is turned off on the server/);
  await expect.poll(async () => (await videoInfo(page)).frames, { timeout: 10_000 }).toBeGreaterThan(10);
  expect((await videoInfo(page)).mediaStream).toBe(false);
  // MSE keeps near the live edge: within ~1.5 s of the newest buffered media.
  const lag = await page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="live-video"]');
    return video && video.buffered.length > 0 ? video.buffered.end(video.buffered.length - 1) - video.currentTime : 99;
  });
  expect(lag).toBeLessThan(1.6);
});
