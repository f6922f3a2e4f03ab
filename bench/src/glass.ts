/**
 * Glass-to-glass latency on one machine clock: the simulated camera's picture switches black ↔ white
 * (SimulatedCamera.flash(): wall clock when the first switched frame left the camera's source), and the page watches
 * the web app's <video> with requestVideoFrameCallback, drawing the picture's centre into a small canvas; when its
 * brightness flips, it notes performance.timeOrigin + the callback's time. Latency = page time − camera time.
 */
import type { SimulatedCamera } from '@homecam/tools';
import type { Browser } from '@playwright/test';
import { pageProbe } from './browser.js';
import { sleep } from './run.js';

interface PageFlip {
  white: boolean;
  /** wall clock (ms since the epoch) of the video frame callback that first showed the new picture */
  at: number;
  /** the frame's presentationTime and (WebRTC only) receiveTime, on the same clock */
  presented: number | null;
  received: number | null;
}

interface GlassProbe {
  frames: number;
  luma: number | null;
  transport: string | null;
  flips: PageFlip[];
}

/**
 * Runs in the page before its scripts: every presented frame of every <video> is drawn (its centre quarter, scaled
 * to 8×8) into a canvas and its mean brightness classified with hysteresis; each change of class is a flip.
 * The player's `data-transport` (the contract's DOM marker) is read at each frame.
 */
const GLASS_PROBE = `(() => {
  const probe = { frames: 0, luma: null, transport: null, flips: [] };
  window.__glass = probe;
  const canvas = document.createElement('canvas');
  canvas.width = 8;
  canvas.height = 8;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  let white = null;
  const watched = new WeakSet();
  const watch = (video) => {
    if (watched.has(video) || !('requestVideoFrameCallback' in video)) return;
    watched.add(video);
    const onFrame = (now, meta) => {
      probe.frames += 1;
      const at = performance.timeOrigin + now;
      const w = video.videoWidth, h = video.videoHeight;
      if (w && h) {
        ctx.drawImage(video, w / 4, h / 4, w / 2, h / 2, 0, 0, 8, 8);
        const px = ctx.getImageData(0, 0, 8, 8).data;
        let sum = 0;
        for (let i = 0; i < px.length; i += 4) sum += (px[i] + px[i + 1] + px[i + 2]) / 3;
        const luma = sum / 64;
        probe.luma = luma;
        const now_white = luma > 190 ? true : luma < 60 ? false : white;
        if (white !== null && now_white !== white) {
          probe.flips.push({ white: now_white, at,
            presented: meta.presentationTime ? performance.timeOrigin + meta.presentationTime : null,
            received: meta.receiveTime ? performance.timeOrigin + meta.receiveTime : null });
        }
        white = now_white;
      }
      const marked = video.closest('[data-transport]') ?? document.querySelector('[data-transport]');
      probe.transport = marked ? marked.getAttribute('data-transport') : null;
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };
  new MutationObserver(() => document.querySelectorAll('video').forEach(watch)).observe(document, { subtree: true, childList: true });
})();`;

export interface GlassSample {
  white: boolean;
  /** page time − camera source time, ms */
  latencyMs: number;
  /** encoder output − source (x264 in the simulator), ms */
  encoderMs: number;
  /** frame received by the browser − source (WebRTC only: RTP arrival), ms */
  receivedMs: number | null;
}

export interface GlassRun {
  transport: string | null;
  samples: GlassSample[];
  error: string | null;
}

export interface GlassOptions {
  origin: string;
  session: string;
  token: string;
  url: string;
  flips: number;
  /** Seconds of playback before the first flip, so the player has settled at its usual distance from live. */
  settleS: number;
  /** e.g. NO_WEBRTC_SCRIPT, to measure the player's MSE path. */
  extraInitScript?: string;
  /** A player script to inject into the (then only an origin) page, e.g. the reference WebRTC player. */
  referenceScript?: string;
  /** Give up at once (no flips) when the player's data-transport is not this once it plays. */
  expectTransport?: string;
}

/** Opens the page in a fresh context, waits for playback, then flashes the camera `flips` times and times each flip. */
export async function glassToGlass(browser: Browser, camera: SimulatedCamera, options: GlassOptions): Promise<GlassRun> {
  // an injected inline player needs the app's CSP bypassed (as in firstFrameRun); the web app's own runs keep it
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: options.referenceScript !== undefined });
  const samples: GlassSample[] = [];
  const read = async (): Promise<GlassProbe | null> => page.evaluate<GlassProbe | null>('window.__glass ?? null');
  const page = await context.newPage();
  try {
    await context.addInitScript({ content: pageProbe({ origin: options.origin, session: options.session, token: options.token, camera: camera.name }) });
    await context.addInitScript({ content: GLASS_PROBE });
    if (options.extraInitScript) await context.addInitScript({ content: options.extraInitScript });
    await page.goto(options.url, { waitUntil: options.referenceScript ? 'domcontentloaded' : 'commit' });
    if (options.referenceScript) await page.addScriptTag({ content: options.referenceScript });
    const playing = await until(async () => ((await read())?.luma ?? null) !== null, 15_000);
    if (!playing) return { transport: (await read())?.transport ?? null, samples, error: 'no decoded frame within 15 s' };
    await sleep(options.settleS * 1000);
    const transport = (await read())?.transport ?? null;
    if (options.expectTransport && transport !== options.expectTransport) {
      return { transport, samples, error: `the player plays ${transport ?? 'without data-transport'}, not ${options.expectTransport}` };
    }
    for (let i = 0; i < options.flips; i++) {
      const seen = (await read())?.flips.length ?? 0;
      const timing = await camera.flash();
      let flip: PageFlip | undefined;
      const shown = await until(async () => {
        flip = (await read())?.flips.slice(seen).find((f) => f.white === timing.white);
        return flip !== undefined;
      }, 5_000);
      if (!shown || !flip) return { transport: (await read())?.transport ?? null, samples, error: `flip ${i + 1} not seen on the page within 5 s` };
      samples.push({ white: timing.white, latencyMs: flip.at - timing.at, encoderMs: timing.encodedAt - timing.at, receivedMs: flip.received === null ? null : flip.received - timing.at });
      // a varying pause, so the flips land at different points of the frame, fragment and GOP cycles
      await sleep(300 + ((i * 137) % 500));
    }
    return { transport: (await read())?.transport ?? null, samples, error: null };
  } catch (error) {
    return { transport: null, samples, error: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  } finally {
    await context.close();
  }
}

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await sleep(10);
  }
  return false;
}
