/**
 * bench:live, "open the camera in the running app": how a user of the installed app opens a camera. The app is
 * loaded once (on /cameras, the list), then each run navigates inside it to /cameras/:name/feed (a client-side
 * route change, as a click on the camera does) and times route change → first decoded frame; back to the list
 * (the player unmounts and closes its socket), again. Loading the app itself (HTML, scripts, sign-in check) is the
 * cold page-open row's part, measured apart.
 */
import type { Browser, Page } from '@playwright/test';
import { NO_WEBRTC_SCRIPT, pageProbe } from './browser.js';

export interface InAppOpenOptions {
  origin: string;
  session: string;
  token: string;
  camera: string;
  runs: number;
  /** MSE: RTCPeerConnection taken away, so the player falls back by itself. */
  disableWebrtc: boolean;
  timeoutMs: number;
}

export interface InAppOpenRun {
  /** ms from the route change to the first presented frame; null when none came in time. */
  firstFrameMs: number | null;
  transport: string | null;
  error: string | null;
}

/** A client-side navigation: react-router's browser history follows popstate. */
const navigateScript = (path: string): string =>
  `(() => { window.history.pushState({}, '', ${JSON.stringify(path)}); window.dispatchEvent(new PopStateEvent('popstate', { state: {} })); })()`;

/** Forget the previous run's frame and socket marks, note the start, then change the route. */
const startRunScript = (path: string): string => `(() => {
  const probe = window.__bench;
  probe.firstFrame = null; probe.playing = null; probe.frameWidth = null;
  probe.liveSocketCreated = null; probe.liveSocketOpen = null; probe.liveFirstBinary = null;
  probe.playerStart = performance.now();
  ${navigateScript(path)};
  return probe.playerStart;
})()`;

/**
 * Until the page has a value at `window.__bench[key]` (or, for 'noVideo', no <video> is left), checked every animation
 * frame; null after the time-out. A function, not a string: the app's CSP forbids evaluating strings.
 */
async function waitUntil(page: Page, key: 'firstFrame' | 'noVideo', timeoutMs: number): Promise<number | null> {
  try {
    const handle = await page.waitForFunction(
      (k: string) => (k === 'noVideo' ? document.querySelectorAll('video').length === 0 && 1 : (window as unknown as { __bench: Record<string, number | null> }).__bench[k]),
      key,
      { timeout: timeoutMs, polling: 'raf' },
    );
    return (await handle.jsonValue()) as number;
  } catch {
    return null;
  }
}

async function oneRun(page: Page, options: InAppOpenOptions): Promise<InAppOpenRun> {
  const feed = `/cameras/${encodeURIComponent(options.camera)}/feed`;
  const started = await page.evaluate<number>(startRunScript(feed));
  const frame = await waitUntil(page, 'firstFrame', options.timeoutMs);
  const transport = await page.evaluate<string | null>(`document.querySelector('[data-transport]')?.getAttribute('data-transport') ?? null`);
  // back to the list: the player unmounts (its socket and peer close) before the next run opens the camera again
  await page.evaluate(navigateScript('/cameras'));
  await waitUntil(page, 'noVideo', options.timeoutMs);
  if (frame === null) return { firstFrameMs: null, transport, error: `no decoded frame within ${options.timeoutMs} ms` };
  return { firstFrameMs: Math.max(0, frame - started), transport, error: null };
}

/** One context, the app loaded once; one unmeasured open (Chromium's media stack starting), then the runs. */
export async function inAppOpenRuns(browser: Browser, options: InAppOpenOptions): Promise<{ runs: InAppOpenRun[]; error: string | null }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const { origin, session, token, camera } = options;
    await context.addInitScript({ content: pageProbe({ origin, session, token, camera }) });
    if (options.disableWebrtc) await context.addInitScript({ content: NO_WEBRTC_SCRIPT });
    const page = await context.newPage();
    await page.goto(`${options.origin}/cameras`, { waitUntil: 'load' });
    await page.waitForSelector('main', { timeout: options.timeoutMs });
    await oneRun(page, options);
    const runs: InAppOpenRun[] = [];
    for (let i = 0; i < options.runs; i++) runs.push(await oneRun(page, options));
    return { runs, error: null };
  } catch (error) {
    return { runs: [], error: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  } finally {
    await context.close();
  }
}
