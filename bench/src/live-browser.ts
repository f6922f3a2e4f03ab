/**
 * bench:live in Chromium: page open → first decoded frame, warm, on the web app's /cameras/:name/feed over MSE (WebRTC
 * taken away from the page) and over WebRTC (the player's first choice; `data-transport="webrtc"` asserted), and a
 * minimal MSE and WebRTC reference players; and opening the camera inside the running app (in-app-open.ts), which is
 * how a user of the installed app opens a camera: the app is already loaded, only the route changes.
 */
import type { Browser } from '@playwright/test';
import { firstFrameRun, launchChromium, type FirstFrameOptions, type FirstFrameRun } from './browser.js';
import { ms, type Row } from './report.js';
import { log, own } from './run.js';
import type { BenchServer, LoginResponse } from './server.js';
import { round, summarize } from './stats.js';
import { pickNumbers, summaryOrNull } from './live-util.js';
import { REFERENCE_WEBRTC_PLAYER_SCRIPT } from './reference-webrtc.js';
import { inAppOpenRows } from './in-app-open-rows.js';

const TARGET = { mseFirstFrameMs: 1_000, webrtcFirstFrameMs: 300 };

type Milestone = 'responseEnd' | 'domContentLoaded' | 'liveSocketCreated' | 'liveSocketOpen' | 'liveFirstBinary' | 'firstFrame';

/** Medians of the page's milestones over the runs, ms since navigation start. */
function breakdownMedians(runs: readonly FirstFrameRun[]): Record<Milestone, number> {
  const median = (pick: (r: FirstFrameRun) => number | null | undefined): number => round(summarize(pickNumbers(runs.map(pick))).p50, 1);
  return {
    responseEnd: median((r) => r.breakdown?.responseEnd),
    domContentLoaded: median((r) => r.breakdown?.domContentLoaded),
    liveSocketCreated: median((r) => r.breakdown?.liveSocketCreated),
    liveSocketOpen: median((r) => r.breakdown?.liveSocketOpen),
    liveFirstBinary: median((r) => r.breakdown?.liveFirstBinary),
    firstFrame: median((r) => r.firstFrameMs),
  };
}

const WEBRTC_MILESTONES = ['liveSocketCreated', 'liveSocketOpen', 'pcCreated', 'offerSent', 'answerReceived', 'iceChecking', 'iceConnected', 'connected', 'track', 'frameReceived', 'framePresented'] as const;

/** Medians of the WebRTC milestones (ms since navigation start): where socket → first frame goes. */
function webrtcMedians(runs: readonly FirstFrameRun[]): Record<string, number> {
  const medians: Record<string, number> = {};
  for (const key of WEBRTC_MILESTONES) medians[key] = round(summarize(pickNumbers(runs.map((r) => r.breakdown?.[key]))).p50, 1);
  medians.firstFrame = round(summarize(pickNumbers(runs.map((r) => r.firstFrameMs))).p50, 1);
  return medians;
}

const describeMedians = (medians: Record<string, number>): string => Object.entries(medians).map(([key, value]) => `${key} ${ms(value)}`).join(' → ');

interface PageResult {
  warmup: FirstFrameRun | null;
  runs: FirstFrameRun[];
  notMeasured: string | null;
}

/** One unmeasured run (Chromium's own start-up of its renderer and media stack), then `count` measured ones. */
async function measurePage(browser: Browser, options: FirstFrameOptions, count: number, expectTransport: 'webrtc' | null): Promise<PageResult> {
  const warmup = await firstFrameRun(browser, options);
  if (!options.referencePlayer && warmup.videos === 0) return { warmup, runs: [], notMeasured: `the page shows no <video> (${warmup.error ?? 'no player'})` };
  if (expectTransport && warmup.transport !== expectTransport) {
    return { warmup, runs: [], notMeasured: `the player plays ${warmup.transport ?? 'without data-transport'}, not ${expectTransport}${warmup.error ? ` (${warmup.error})` : ''}` };
  }
  const runs: FirstFrameRun[] = [];
  for (let i = 0; i < count; i++) runs.push(await firstFrameRun(browser, options));
  return { warmup, runs, notMeasured: null };
}

export async function browserPhase(server: BenchServer, session: LoginResponse, token: string, camera: string, count: number): Promise<{ rows: Row[]; notes: string[]; json: unknown }> {
  log(`Chromium: page open → first decoded frame, warm (${camera} streaming), ${count} runs per page (web app MSE, web app WebRTC, reference MSE)`);
  const empty: PageResult = { warmup: null, runs: [], notMeasured: 'Chromium failed' };
  let app = empty;
  let webrtc = empty;
  let reference = empty;
  let referenceWebrtc = empty;
  let inApp: Awaited<ReturnType<typeof inAppOpenRows>> = { rows: [], json: null };
  let browserError: string | null = null;
  let browser: Browser | null = null;
  try {
    browser = await launchChromium();
    const b = browser;
    own('chromium', () => b.close());
    const common = { origin: server.url, session: JSON.stringify(session), token, camera, timeoutMs: 8_000, noVideoGiveUpMs: 6_000 };
    const appUrl = `${server.url}/cameras/${encodeURIComponent(camera)}/feed`;
    // the reference player runs in a small real page of the server (its origin, for the WebSocket)
    reference = await measurePage(b, { ...common, url: `${server.url}/api/health`, referencePlayer: true }, count, null);
    referenceWebrtc = await measurePage(b, { ...common, url: `${server.url}/api/health`, referencePlayer: true, referenceScript: REFERENCE_WEBRTC_PLAYER_SCRIPT }, count, 'webrtc');
    app = await measurePage(b, { ...common, url: appUrl, disableWebrtc: true }, count, null);
    webrtc = await measurePage(b, { ...common, url: appUrl }, count, 'webrtc');
    inApp = await inAppOpenRows(b, { origin: server.url, session: JSON.stringify(session), token, camera, runs: count * 2, timeoutMs: 8_000 });
  } catch (error) {
    browserError = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    log(`  Chromium failed: ${browserError}`);
  } finally {
    await browser?.close();
  }
  const frames = (runs: FirstFrameRun[]): number[] => pickNumbers(runs.map((r) => r.firstFrameMs));
  const appFrames = frames(app.runs);
  const webrtcFrames = frames(webrtc.runs.filter((r) => r.transport === 'webrtc'));
  const referenceFrames = pickNumbers(reference.runs.map((r) => r.fromPlayerStartMs));
  const referenceWebrtcFrames = pickNumbers(referenceWebrtc.runs.filter((r) => r.transport === 'webrtc').map((r) => r.fromPlayerStartMs));
  const [appSummary, webrtcSummary, refSummary, refWebrtcSummary] = [appFrames, webrtcFrames, referenceFrames, referenceWebrtcFrames].map(summaryOrNull);
  // where the WebRTC page's time goes: loading the app vs. its live socket → first frame (signalling, ICE, DTLS, keyframe)
  const webrtcFromSocket = summaryOrNull(pickNumbers(webrtc.runs.map((r) => (r.firstFrameMs !== null && typeof r.breakdown?.liveSocketCreated === 'number' ? r.firstFrameMs - r.breakdown.liveSocketCreated : null))));
  const appMedians = app.runs.length ? breakdownMedians(app.runs) : null;
  const webrtcPageMedians = webrtc.runs.length ? breakdownMedians(webrtc.runs) : null;
  log(`  web app MSE: ${app.notMeasured ?? `p50 ${ms(appSummary?.p50)}, p95 ${ms(appSummary?.p95)}`}`);
  if (appMedians) {
    const m = appMedians;
    log(`  web app MSE medians (ms since navigation start): HTML ${ms(m.responseEnd)} → DOMContentLoaded ${ms(m.domContentLoaded)} → live socket created ${ms(m.liveSocketCreated)} → open ${ms(m.liveSocketOpen)} → first video bytes ${ms(m.liveFirstBinary)} → first frame ${ms(m.firstFrame)}`);
  }
  log(`  web app WebRTC: ${webrtc.notMeasured ?? `p50 ${ms(webrtcSummary?.p50)}, p95 ${ms(webrtcSummary?.p95)}; live socket open ${ms(webrtcPageMedians?.liveSocketOpen)} (median)`}`);
  if (webrtc.runs.length) log(`  web app WebRTC medians: ${describeMedians(webrtcMedians(webrtc.runs))}`);
  if (referenceWebrtc.runs.length) log(`  reference WebRTC medians: ${describeMedians(webrtcMedians(referenceWebrtc.runs))}`);
  log(`  reference MSE player (from its start): p50 ${ms(refSummary?.p50)}, p95 ${ms(refSummary?.p95)}`);
  log(`  reference WebRTC player (from its start): ${referenceWebrtc.notMeasured ?? `p50 ${ms(refWebrtcSummary?.p50)}, p95 ${ms(refWebrtcSummary?.p95)}`}`);

  const notMse = app.runs.filter((r) => r.transport !== null && r.transport !== 'mse').length;
  const rows: Row[] = [
    app.notMeasured
      ? { metric: `page open → first frame, web app /cameras/${camera}/feed, MSE`, measured: 'not measured', target: `≤ ${TARGET.mseFirstFrameMs} ms`, pass: null }
      : {
          metric: `page open → first frame, web app MSE p50 / p95 (n=${appFrames.length})`,
          measured: `${ms(appSummary?.p50)} / ${ms(appSummary?.p95)}`,
          target: `≤ ${TARGET.mseFirstFrameMs} ms`,
          pass: appSummary ? appSummary.p95 <= TARGET.mseFirstFrameMs && appFrames.length === app.runs.length && notMse === 0 : false,
        },
    webrtc.notMeasured
      ? { metric: `page open → first frame, web app /cameras/${camera}/feed, WebRTC`, measured: `not measured: ${webrtc.notMeasured}`, target: `≤ ${TARGET.webrtcFirstFrameMs} ms`, pass: null }
      : {
          metric: `page open → first frame, web app WebRTC p50 / p95 (n=${webrtcFrames.length}, data-transport=webrtc)`,
          measured: `${ms(webrtcSummary?.p50)} / ${ms(webrtcSummary?.p95)}`,
          target: `≤ ${TARGET.webrtcFirstFrameMs} ms`,
          pass: webrtcSummary ? webrtcSummary.p95 <= TARGET.webrtcFirstFrameMs && webrtcFrames.length === webrtc.runs.length : false,
        },
    ...(webrtcFromSocket
      ? [{ metric: `  of which live socket created → first frame, web app WebRTC p50 / p95 (n=${webrtcFromSocket.n})`, measured: `${ms(webrtcFromSocket.p50)} / ${ms(webrtcFromSocket.p95)}`, target: '–', pass: null }]
      : []),
    {
      metric: `player start → first frame, reference MSE player p50 / p95 (n=${referenceFrames.length})`,
      measured: `${ms(refSummary?.p50)} / ${ms(refSummary?.p95)}`,
      target: `≤ ${TARGET.mseFirstFrameMs} ms`,
      pass: refSummary ? refSummary.p95 <= TARGET.mseFirstFrameMs && referenceFrames.length === reference.runs.length : false,
    },
    referenceWebrtc.notMeasured
      ? { metric: 'player start → first frame, reference WebRTC player', measured: `not measured: ${referenceWebrtc.notMeasured}`, target: `≤ ${TARGET.webrtcFirstFrameMs} ms`, pass: null }
      : {
          metric: `player start → first frame, reference WebRTC player p50 / p95 (n=${referenceWebrtcFrames.length})`,
          measured: `${ms(refWebrtcSummary?.p50)} / ${ms(refWebrtcSummary?.p95)}`,
          target: `≤ ${TARGET.webrtcFirstFrameMs} ms`,
          pass: refWebrtcSummary ? refWebrtcSummary.p95 <= TARGET.webrtcFirstFrameMs && referenceWebrtcFrames.length === referenceWebrtc.runs.length : false,
        },
    ...inApp.rows,
  ];
  const notes = [
    'First frame in Chromium: fresh browser context per run, session put in localStorage `user` as the web app stores it, navigation to the page; ' +
      'time = performance.now() (navigation start = 0) at the first requestVideoFrameCallback of any <video>. MSE rows: RTCPeerConnection is ' +
      'removed from the page, so the player falls back to MSE by itself; WebRTC rows: the player\'s own first choice, each run must end with ' +
      'data-transport="webrtc" on the player. The reference page is a minimal MSE player (bench/src/browser.ts) injected into a small page of ' +
      'the server (its origin), timed from the player script\'s start: what the protocol allows, not what the web app does; the reference ' +
      'WebRTC player (bench/src/reference-webrtc.ts) likewise: recvonly offer with its host candidates once gathering is complete, no fallback.',
  ];
  if (app.notMeasured) notes.push(`Web app MSE first frame NOT measured: ${app.notMeasured}.`);
  if (notMse) notes.push(`${notMse} MSE run(s) of the web app played with data-transport other than mse although RTCPeerConnection was removed.`);
  if (webrtc.notMeasured) notes.push(`Web app WebRTC first frame NOT measured: ${webrtc.notMeasured}.`);
  if (browserError) notes.push(`Chromium failed: ${browserError}`);
  const playing = (runs: FirstFrameRun[]): unknown => summaryOrNull(pickNumbers(runs.map((r) => r.playingMs)));
  return {
    rows,
    notes,
    json: {
      error: browserError,
      inApp: inApp.json,
      app: { notMeasured: app.notMeasured, warmup: app.warmup, summary: appSummary, medians: appMedians, playingMs: playing(app.runs), runs: app.runs },
      webrtc: { notMeasured: webrtc.notMeasured, warmup: webrtc.warmup, summary: webrtcSummary, fromLiveSocketMs: webrtcFromSocket, medians: webrtcPageMedians, milestones: webrtc.runs.length ? webrtcMedians(webrtc.runs) : null, playingMs: playing(webrtc.runs), runs: webrtc.runs },
      referenceWebrtc: { notMeasured: referenceWebrtc.notMeasured, warmup: referenceWebrtc.warmup, summary: refWebrtcSummary, milestones: referenceWebrtc.runs.length ? webrtcMedians(referenceWebrtc.runs) : null, runs: referenceWebrtc.runs },
      reference: { warmup: reference.warmup, summary: refSummary, navigationToFirstFrameMs: summaryOrNull(frames(reference.runs)), playingMs: playing(reference.runs), runs: reference.runs },
    },
  };
}
