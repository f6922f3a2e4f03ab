import { startCameraSimulator, type CameraSimulator } from '@homecam/tools';
import type { Page } from '@playwright/test';
import { chromiumArgs } from '../playwright.config.js';
import { ADMIN, type Api } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { chooseLanguage, signInAdminInTheme, signInWithForm } from '../support/pages.js';

/**
 * Issue 22, press to talk: Chromium's fake microphone (a beeping tone) goes over the live view's WebRTC peer to the
 * server, which sends it as G.711 RTP to the ONVIF backchannel of a simulated camera with a speaker; the camera
 * reports what it heard. A view that plays over MSE has no peer: the button says so instead of failing when pressed.
 */
test.use({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...chromiumArgs, '--use-fake-device-for-media-stream'] } });

async function withTalkingCamera(api: Api): Promise<CameraSimulator> {
  const simulator = await startCameraSimulator({ cameras: 1, backchannel: true, mainSize: '640x360', subSize: '320x180', credentials: { user: 'admin', password: 'sp3aker' } });
  await api.createCamera('Door', simulator.cameras[0]!.mainUrl);
  return simulator;
}

async function openCamera(page: Page, baseUrl: string, theme: 'light' | 'dark'): Promise<void> {
  await signInAdminInTheme(page, baseUrl, theme);
  await page.goto(`${baseUrl}/cameras/Door`);
  await expect(page.getByTestId('live-player')).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  const fallback = await page.getByTestId('player-transport').getAttribute('data-fallback');
  expect(fallback, 'the live view fell back to MSE').toBeNull();
  await expect(page.getByTestId('live-player')).toHaveAttribute('data-transport', 'webrtc', { timeout: 15_000 });
}

test.describe('with a microphone the browser lets the page use', () => {
  test.use({ permissions: ['microphone'] });

  test('holding the talk button sends the microphone to the camera speaker; releasing stops it @phone', async ({ page, server, adminApi }) => {
    const simulator = await withTalkingCamera(adminApi);
    try {
      // A camera without a backchannel (here: not reachable at all) shows no talk button.
      await adminApi.createCamera('Shed', 'rtsp://127.0.0.1:9/none');
      await openCamera(page, server.url, 'dark');
      const camera = simulator.cameras[0]!;
      const button = page.getByTestId('talk-button');
      await expect(button).toHaveText('Hold to talk');
      await expect(button).toBeInViewport();
      await button.hover();
      await page.mouse.down();
      await expect(button).toHaveAttribute('data-state', 'talking', { timeout: 15_000 });
      await expect(button).toHaveText('Talking…');
      // a second of sound at 8 kHz reached the camera, and it is the beeping tone, not silence (the wait is generous:
      // on a loaded 2-core machine the transcoder's start and the backchannel's SETUP once took over 15 s)
      await expect.poll(() => camera.talk.bytes, { timeout: 30_000 }).toBeGreaterThan(8_000);
      await expect.poll(() => camera.talk.peakRms, { timeout: 10_000 }).toBeGreaterThan(300);
      await page.mouse.up();
      await expect(button).toHaveAttribute('data-state', 'idle');
      // silence from the release on, and the backchannel torn down after the idle time (5 s)
      await expect.poll(() => camera.talk.open, { timeout: 15_000 }).toBe(0);
      const heard = camera.talk.bytes;
      await page.goto(`${server.url}/cameras/Shed`);
      await expect(page.getByTestId('live-player')).toBeVisible();
      await expect(page.getByTestId('talk-button')).toHaveCount(0);
      expect(camera.talk.bytes).toBe(heard);
    } finally {
      await simulator.close();
    }
  });
});

test.describe('with the microphone refused', () => {
  // No permission granted: the browser's prompt is dismissed (refused), as when the user says no.

  test('the talk button says, translated, that the microphone was refused @phone', async ({ page, server, adminApi }) => {
    const simulator = await withTalkingCamera(adminApi);
    try {
      await chooseLanguage(page, 'de');
      await openCamera(page, server.url, 'light');
      const button = page.getByTestId('talk-button');
      await expect(button).toHaveText('Zum Sprechen halten');
      await button.click();
      const error = page.getByTestId('talk-error');
      await expect(error).toHaveAttribute('data-code', 'MIC_DENIED');
      await expect(error).toHaveText(/Zugriff auf das Mikrofon wurde verweigert/);
      await expect(error).toBeInViewport();
      expect(simulator.cameras[0]!.talk.bytes).toBe(0);
    } finally {
      await simulator.close();
    }
  });
});

test.describe('with WebRTC turned off on the server', () => {
  test.use({ permissions: ['microphone'] });

  test('the live view plays over MSE and the talk button says, translated and disabled, that talking needs WebRTC @phone', async ({ page, server, adminApi }) => {
    const simulator = await withTalkingCamera(adminApi);
    try {
      await adminApi.request('PATCH', '/api/config/webrtc', { active: false });
      await chooseLanguage(page, 'fr');
      await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto(`${server.url}/cameras/Door`);
      await expect(page.getByTestId('live-player')).toHaveAttribute('data-transport', 'mse', { timeout: 20_000 });
      const button = page.getByTestId('talk-button');
      await expect(button).toBeDisabled();
      await expect(button).toHaveAttribute('data-reason', 'NEEDS_WEBRTC');
      await expect(button).toHaveText('Parler nécessite WebRTC');
      await expect(button).toHaveAttribute('title', /connexion WebRTC/);
      await expect(button).toBeInViewport();
    } finally {
      await simulator.close();
    }
  });
});
