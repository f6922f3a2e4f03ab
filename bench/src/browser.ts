import { chromium, type Browser, type Page } from '@playwright/test';
import { REFERENCE_VIDEO_SETUP } from './reference-page.js';

/** Debian's Chromium with the flags of /work/shared/reference/environment.md (no network services, autoplay). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--autoplay-policy=no-user-gesture-required',
  // WebRTC on loopback: host candidates on 127.0.0.1, not hidden behind mDNS names
  '--allow-loopback-in-peer-connection',
  '--disable-features=WebRtcHideLocalIpsWithMdns',
];

/** Init script that takes WebRTC away from a page, so the web app's player falls back to MSE by itself. */
export const NO_WEBRTC_SCRIPT = `(() => { for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection']) { try { delete window[name]; } catch {} } })();`;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** ms since navigation start; null when it did not happen. */
export interface WebrtcMilestones {
  pcCreated: number | null;
  offerSent: number | null;
  answerReceived: number | null;
  iceChecking: number | null;
  iceConnected: number | null;
  /** connectionState 'connected': DTLS done, media may flow. */
  connected: number | null;
  track: number | null;
  /** The first frame's last packet arrived (requestVideoFrameCallback's receiveTime). */
  frameReceived: number | null;
  /** The first frame went to the compositor (presentationTime): on screen even while the page's main thread is busy,
   * unlike the callback itself, which runs on that thread (firstFrame). */
  framePresented: number | null;
}

interface FrameProbe {
  playerStart: number | null;
  liveSocketCreated: number | null;
  liveSocketOpen: number | null;
  liveFirstBinary: number | null;
  /** WebRTC milestones of the page's first peer connection (see pageProbe). */
  webrtc: WebrtcMilestones;
  videos: number;
  firstFrame: number | null;
  playing: number | null;
  frameWidth: number | null;
}

/**
 * Runs in every page before its own scripts: stores the session the way the web app does (localStorage `user` =
 * the login answer), and watches every <video> for its first presented frame (requestVideoFrameCallback) and for
 * playback (currentTime > 0), in ms since navigation start (the page's performance time origin).
 * Plain JavaScript text: a TypeScript function would be serialised with the transpiler's helpers.
 */
export function pageProbe(init: { origin: string; session: string; token: string; camera: string }): string {
  return `(() => {
  const init = ${JSON.stringify(init)};
  if (location.origin === init.origin) {
    localStorage.setItem('user', init.session);
    window.__benchToken = init.token;
    window.__benchCamera = init.camera;
  }
  const probe = { playerStart: null, videos: 0, firstFrame: null, playing: null, frameWidth: null,
    liveSocketCreated: null, liveSocketOpen: null, liveFirstBinary: null,
    webrtc: { pcCreated: null, offerSent: null, answerReceived: null, iceChecking: null, iceConnected: null, connected: null, track: null, frameReceived: null, framePresented: null } };
  window.__bench = probe;
  const mark = (key) => { if (probe.webrtc[key] === null) probe.webrtc[key] = performance.now(); };
  // the first peer connection's way to its first track: ICE checks, ICE connected, DTLS (connectionState) connected
  const NativePeer = window.RTCPeerConnection;
  if (NativePeer) {
    window.RTCPeerConnection = class extends NativePeer {
      constructor(...args) {
        super(...args);
        if (probe.webrtc.pcCreated !== null) return;
        mark('pcCreated');
        this.addEventListener('iceconnectionstatechange', () => {
          if (this.iceConnectionState === 'checking') mark('iceChecking');
          if (this.iceConnectionState === 'connected' || this.iceConnectionState === 'completed') mark('iceConnected');
        });
        this.addEventListener('connectionstatechange', () => { if (this.connectionState === 'connected') mark('connected'); });
        this.addEventListener('track', () => mark('track'));
      }
    };
  }
  // when the page opens its live WebSocket, when it is open, when the first video bytes arrive
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(url, protocols) {
      super(url, protocols);
      if (!String(url).includes('/live') || probe.liveSocketCreated !== null) return;
      probe.liveSocketCreated = performance.now();
      this.addEventListener('open', () => { if (probe.liveSocketOpen === null) probe.liveSocketOpen = performance.now(); });
      this.addEventListener('message', (event) => {
        if (typeof event.data !== 'string' && probe.liveFirstBinary === null) probe.liveFirstBinary = performance.now();
        if (typeof event.data === 'string' && event.data.includes('"webrtc-answer"')) mark('answerReceived');
      });
      this.__benchLive = true;
    }
    send(data) {
      if (this.__benchLive && typeof data === 'string' && data.includes('"webrtc-offer"')) mark('offerSent');
      return super.send(data);
    }
  };
  const watched = new WeakSet();
  const watch = (video) => {
    if (watched.has(video)) return;
    watched.add(video);
    probe.videos += 1;
    if ('requestVideoFrameCallback' in video) {
      video.requestVideoFrameCallback((now, meta) => {
        if (probe.firstFrame === null) probe.firstFrame = Math.min(now, performance.now());
        if (probe.frameWidth === null) probe.frameWidth = meta.width;
        if (probe.webrtc.framePresented === null && meta.presentationTime) probe.webrtc.framePresented = meta.presentationTime;
        if (probe.webrtc.frameReceived === null && meta.receiveTime) probe.webrtc.frameReceived = meta.receiveTime;
      });
    }
    const poll = () => {
      if (video.currentTime > 0 && !video.paused) { if (probe.playing === null) probe.playing = performance.now(); }
      else setTimeout(poll, 5);
    };
    poll();
  };
  new MutationObserver(() => document.querySelectorAll('video').forEach(watch)).observe(document, { subtree: true, childList: true });
})();`;
}

/**
 * A minimal MSE player (the contract's protocol, nothing else): a reference for what a player can reach. It is
 * injected into a real page of the server (Chromium's local-network-access checks block a loopback WebSocket
 * from an intercepted, address-space-less document) and notes when it started in `__bench.playerStart`.
 */
export const REFERENCE_PLAYER_SCRIPT = `(() => {
  ${REFERENCE_VIDEO_SETUP}
  const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/api/cameras/' + encodeURIComponent(camera) + '/live');
  ws.binaryType = 'arraybuffer';
  const queue = [];
  let buffer = null;
  const pump = () => {
    if (!buffer || buffer.updating || queue.length === 0) return;
    buffer.appendBuffer(queue.shift());
  };
  ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token: window.__benchToken }));
  ws.onmessage = (event) => {
    if (typeof event.data === 'string') {
      const message = JSON.parse(event.data);
      if (message.type === 'init' && !buffer) {
        const source = new MediaSource();
        video.src = URL.createObjectURL(source);
        source.addEventListener('sourceopen', () => {
          buffer = source.addSourceBuffer(message.mimeType);
          buffer.mode = 'segments';
          buffer.addEventListener('updateend', () => {
            // the buffered GOP starts at the stream's media time, not at 0: jump there
            if (video.buffered.length && video.currentTime < video.buffered.start(0)) video.currentTime = video.buffered.start(0);
            pump();
          });
          pump();
        }, { once: true });
        video.play().catch(() => {});
      }
      return;
    }
    queue.push(event.data);
    pump();
  };
})();`;

export interface FirstFrameRun {
  /** ms from navigation start to the first presented video frame (requestVideoFrameCallback). */
  firstFrameMs: number | null;
  /** ms from navigation start to currentTime > 0 while playing. */
  playingMs: number | null;
  /** Reference player only: ms from the player script's start to the first presented frame. */
  fromPlayerStartMs: number | null;
  /** Where the time went, ms since navigation start (null when it did not happen). */
  breakdown: {
    responseEnd: number | null;
    domContentLoaded: number | null;
    liveSocketCreated: number | null;
    liveSocketOpen: number | null;
    liveFirstBinary: number | null;
  } & Partial<WebrtcMilestones> | null;
  videos: number;
  frameWidth: number | null;
  /** The player's `data-transport` ('webrtc' | 'mse') at the first frame; null when the page has none. */
  transport: string | null;
  error: string | null;
}

export interface FirstFrameOptions {
  origin: string;
  /** localStorage `user`: the login answer as JSON */
  session: string;
  token: string;
  camera: string;
  url: string;
  /** Run REFERENCE_PLAYER_SCRIPT in the page once it is there (the page itself is then only an origin). */
  referencePlayer?: boolean;
  /** Another player script instead of REFERENCE_PLAYER_SCRIPT (e.g. the reference WebRTC player). */
  referenceScript?: string;
  timeoutMs: number;
  noVideoGiveUpMs: number;
  /** No RTCPeerConnection in the page (NO_WEBRTC_SCRIPT): measures the web app's MSE path. */
  disableWebrtc?: boolean;
}

/** One fresh context (empty cache, no service worker), one page, one navigation; waits for the first frame. */
export async function firstFrameRun(browser: Browser, options: FirstFrameOptions): Promise<FirstFrameRun> {
  // The reference player is injected as an inline script, which the app's CSP (rightly) refuses: bypass it for that
  // page only. The web app's own runs keep the CSP, so its measured first frame includes whatever the CSP costs.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: options.referencePlayer === true });
  try {
    const { origin, session, token, camera } = options;
    await context.addInitScript({ content: pageProbe({ origin, session, token, camera }) });
    if (options.disableWebrtc) await context.addInitScript({ content: NO_WEBRTC_SCRIPT });
    const page = await context.newPage();
    await page.goto(options.url, { waitUntil: options.referencePlayer ? 'domcontentloaded' : 'commit' });
    if (options.referencePlayer) await page.addScriptTag({ content: options.referenceScript ?? REFERENCE_PLAYER_SCRIPT });
    // the reference players set their data-transport themselves, before their first frame
    return await waitForFrame(page, options.timeoutMs, options.noVideoGiveUpMs, options.referencePlayer ? 0 : 3_000);
  } catch (error) {
    return failed(null, error instanceof Error ? error.message.split('\n')[0]! : String(error));
  } finally {
    await context.close();
  }
}

function failed(probe: FrameProbe | null, error: string): FirstFrameRun {
  return {
    firstFrameMs: probe?.firstFrame ?? null,
    playingMs: probe?.playing ?? null,
    fromPlayerStartMs: null,
    breakdown: null,
    videos: probe?.videos ?? 0,
    frameWidth: probe?.frameWidth ?? null,
    transport: null,
    error,
  };
}

/**
 * The player's `data-transport` once it has one: the early script's picture (web/src/api/live/early-picture.ts) may
 * show the first frame before the app has rendered the player, which then adopts it. Null without a player.
 */
async function playerTransport(page: Page, waitMs: number): Promise<string | null> {
  const read = () => document.querySelector('[data-transport]')?.getAttribute('data-transport') ?? null;
  if (waitMs === 0) return page.evaluate(read);
  try {
    const handle = await page.waitForFunction(read, undefined, { timeout: waitMs, polling: 20 });
    return await handle.jsonValue();
  } catch {
    return null;
  }
}

async function waitForFrame(page: Page, timeoutMs: number, noVideoGiveUpMs: number, transportWaitMs: number): Promise<FirstFrameRun> {
  const started = Date.now();
  for (;;) {
    const probe = await page.evaluate<FrameProbe | null>('window.__bench ?? null');
    const elapsed = Date.now() - started;
    // the first frame, and playback too (or a second more without it: a paused first frame still counts)
    if (probe && probe.firstFrame !== null && (probe.playing !== null || elapsed > probe.firstFrame + 1_000)) {
      const navigation = await page.evaluate<{ responseEnd: number; domContentLoaded: number } | null>(
        `(() => { const n = performance.getEntriesByType('navigation')[0]; return n ? { responseEnd: n.responseEnd, domContentLoaded: n.domContentLoadedEventEnd } : null; })()`,
      );
      return {
        firstFrameMs: probe.firstFrame,
        playingMs: probe.playing,
        fromPlayerStartMs: probe.playerStart === null ? null : probe.firstFrame - probe.playerStart,
        breakdown: {
          responseEnd: navigation?.responseEnd ?? null,
          domContentLoaded: navigation?.domContentLoaded ?? null,
          liveSocketCreated: probe.liveSocketCreated,
          liveSocketOpen: probe.liveSocketOpen,
          liveFirstBinary: probe.liveFirstBinary,
          ...probe.webrtc,
        },
        videos: probe.videos,
        frameWidth: probe.frameWidth,
        transport: await playerTransport(page, transportWaitMs),
        error: null,
      };
    }
    if (probe && probe.videos === 0 && elapsed > noVideoGiveUpMs) return failed(probe, `no <video> element on the page after ${noVideoGiveUpMs} ms`);
    if (elapsed > timeoutMs) return failed(probe, `no decoded frame within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
