/**
 * `npm run bench:live`: live video cost and latency of the built server against simulated cameras.
 *
 * Starts 16 simulated 720p25 cameras (clip mode: a pre-encoded H.264 + AAC clip looped, no encoder, so the
 * simulator does not eat the 2 cores it is measuring) and the built server (server/dist) on a fresh data dir,
 * then measures, per process from /proc (utime + stime ÷ wall, % of ONE core):
 *   1. one camera with prebuffering, no viewer: server + its ffmpeg
 *   2. 1, 4, 16 WebSocket viewers of that camera (Node `ws` clients reading everything)
 *   3. WebSocket open → first fragment: warm (stream running) ×20 and cold (stream idle) ×15
 *   4. page open → first decoded frame in Chromium: the web app's /cameras/:name/feed, and a minimal MSE
 *      player on the server's origin (reference), warm, 5 runs each
 *   5. snapshot latency, 30 fresh encodes from the buffered keyframe
 *   6. 16 cameras, each watched once: server + every ffmpeg (simulator reported apart)
 *   7. memory (RSS): server idle / 16 viewers / 16 cameras, ffmpeg per camera
 * Prints a table (metric, measured, target, result) and writes bench/results/live-<date>.json and live-latest.json.
 */
import { cpus, release } from 'node:os';
import { startCameraSimulator } from '@homecam/tools';
import type { Browser } from '@playwright/test';
import { firstFrameRun, launchChromium, type FirstFrameRun } from './browser.js';
import { CLK_TCK, readRss } from './proc.js';
import { mib, ms, pct, publishResults, type Row } from './report.js';
import { buildWarning, REPO_ROOT, type Api, type BenchServer } from './server.js';
import { round, slope, summarize, type Summary } from './stats.js';
import { LiveViewer, type ViewerTimes } from './viewer.js';
import { cleanupAll, elapsedSeconds, guardRun, log, own, runBench, sleep, startOwnedServer } from './run.js';
import { describe, measure, type Breakdown } from './live-cpu.js';
import { openConsoleListener } from './console-listener.js';

const CAMERAS = 16;
const VIEWER_STEPS = [1, 4, 16] as const;
const SECONDS = {
  idle: Number(process.env.BENCH_IDLE_S ?? 10),
  noViewer: Number(process.env.BENCH_NO_VIEWER_S ?? 15),
  viewers: Number(process.env.BENCH_VIEWERS_S ?? 10),
  sixteen: Number(process.env.BENCH_SIXTEEN_S ?? 15),
  settle: 3,
};
const WARM_RUNS = 20;
const BROWSER_RUNS = 5;
const SNAPSHOTS = 30;
/** The server shares a snapshot per camera and width for 1 s after it was made. */
const SNAPSHOT_SHARE_MS = 1_000;
const RUN_DEADLINE_MS = 330_000;

const TARGET = {
  remuxPerCamera: 3,
  perExtraViewer: 0.5,
  firstFragmentMs: 300,
  firstFrameMs: 1_000,
  snapshotP95Ms: 200,
  sixteenCameras: 60,
};

const disarmWatchdog = guardRun(RUN_DEADLINE_MS);

// ---------------------------------------------------------------------------------------------------------

interface CameraRecord {
  name: string;
  state: string;
}

async function waitForState(api: Api, camera: string, state: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const status = await api.request<CameraRecord>('GET', `/api/cameras/${encodeURIComponent(camera)}/status`);
    last = status.state;
    if (status.state === state) return;
    await sleep(100);
  }
  throw new Error(`camera ${camera} not ${state} within ${timeoutMs} ms (last: ${last})`);
}

async function openViewers(count: number, server: BenchServer, camera: string, token: string, into: LiveViewer[]): Promise<void> {
  const added = Array.from({ length: count }, () => new LiveViewer(server.url, camera, token));
  into.push(...added);
  await Promise.all(added.map((v) => v.firstFragment(15_000)));
}

function bytesOf(viewers: readonly LiveViewer[]): number[] {
  return viewers.map((v) => v.bytes);
}

interface SnapshotSample {
  i: number;
  width: number | null;
  ms: number;
  status: number;
  from: string | null;
  bytes: number;
}

async function takeSnapshot(server: BenchServer, token: string, camera: string, i: number, width: number | null): Promise<SnapshotSample> {
  const query = new URLSearchParams({ bench: String(i) });
  if (width) query.set('width', String(width));
  const started = performance.now();
  const response = await fetch(`${server.url}/api/cameras/${encodeURIComponent(camera)}/snapshot?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = Buffer.from(await response.arrayBuffer());
  const elapsed = performance.now() - started;
  const jpeg = body[0] === 0xff && body[1] === 0xd8;
  return { i, width, ms: elapsed, status: response.ok && jpeg ? response.status : response.status || -1, from: response.headers.get('x-snapshot-from'), bytes: body.length };
}

/** Medians of the page's milestones over the runs, ms since navigation start. */
function breakdownMedians(runs: readonly FirstFrameRun[]): Record<'responseEnd' | 'domContentLoaded' | 'liveSocketCreated' | 'liveSocketOpen' | 'liveFirstBinary' | 'firstFrame', number> {
  const median = (pick: (r: FirstFrameRun) => number | null | undefined): number =>
    round(summarize(runs.map(pick).filter((v): v is number => typeof v === 'number')).p50, 1);
  return {
    responseEnd: median((r) => r.breakdown?.responseEnd),
    domContentLoaded: median((r) => r.breakdown?.domContentLoaded),
    liveSocketCreated: median((r) => r.breakdown?.liveSocketCreated),
    liveSocketOpen: median((r) => r.breakdown?.liveSocketOpen),
    liveFirstBinary: median((r) => r.breakdown?.liveFirstBinary),
    firstFrame: median((r) => r.firstFrameMs),
  };
}

function summaryOrNull(values: number[]): Summary | null {
  return values.length ? roundSummary(summarize(values)) : null;
}

function roundSummary(s: Summary): Summary {
  return { n: s.n, p50: round(s.p50, 1), p95: round(s.p95, 1), min: round(s.min, 1), max: round(s.max, 1), mean: round(s.mean, 1) };
}

function roundBreakdown(b: Breakdown): Breakdown {
  const r = (o: Record<string, number>): Record<string, number> => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, round(v, 3)]));
  return {
    ...b,
    seconds: round(b.seconds, 2),
    server: round(b.server, 3),
    ffmpeg: r(b.ffmpeg),
    ffmpegTotal: round(b.ffmpegTotal, 3),
    otherChildren: round(b.otherChildren, 3),
    total: round(b.total, 3),
    simulator: r(b.simulator),
    simulatorTotal: round(b.simulatorTotal, 3),
    benchProcess: round(b.benchProcess, 2),
    machineBusyPercent: round(b.machineBusyPercent, 1),
  };
}

// ---------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const notes: string[] = [];
  const warning = buildWarning();
  if (warning === 'server/dist/main.js is missing') throw new Error('server/dist/main.js is missing: run `npm run build` first');
  if (warning) {
    notes.push(`WARNING: ${warning}`);
    log(`WARNING: ${warning}`);
  }

  // --- simulator ---------------------------------------------------------------------------------------
  log(`starting ${CAMERAS} simulated cameras (clip mode: pre-encoded 720p25 H.264 + AAC, looped)`);
  const simT0 = performance.now();
  const simLog: string[] = [];
  const sim = await startCameraSimulator({
    cameras: CAMERAS,
    clip: true,
    log: (line) => {
      simLog.push(`${elapsedSeconds().toFixed(1)} s ${line}`);
      if (simLog.length > 200) simLog.shift();
      if (process.env.BENCH_VERBOSE) log(`sim ${line}`);
    },
  });
  own('simulator', () => sim.close());
  const simStartMs = performance.now() - simT0;
  log(`simulator up in ${(simStartMs / 1000).toFixed(1)} s`);
  const cam1 = sim.cameras[0]!;

  // --- server --------------------------------------------------------------------------------------------
  const { server, api, session, token } = await startOwnedServer();
  // BENCH_CONSOLE=1: an admin's Console stays open for the whole run (compare with a run without).
  const consoleListener = process.env.BENCH_CONSOLE === '1' ? openConsoleListener(server.url, token) : null;
  if (consoleListener) own('console', () => consoleListener.close());

  // --- idle ----------------------------------------------------------------------------------------------
  await sleep(1_000);
  log(`idle server, no cameras: ${SECONDS.idle} s`);
  const idle = await measure(server, sim, SECONDS.idle, []);
  const serverRssIdle = readRss(server.pid);
  log(`  ${describe(idle)}; RSS ${mib(serverRssIdle)}`);

  // --- cameras -------------------------------------------------------------------------------------------
  for (const camera of sim.cameras) {
    await api.request('POST', '/api/cameras', {
      name: camera.name,
      // cam1 streams all the time (the stream is kept for instant viewers and snapshots); the others start on demand
      prebuffering: camera === cam1,
      videoConfig: { source: camera.mainUrl, maxStreams: 64 },
    });
  }
  await waitForState(api, cam1.name, 'streaming', 20_000);
  log(`cam1 streaming (prebuffering); settling ${SECONDS.settle} s`);
  await sleep(SECONDS.settle * 1000);

  // --- 1. one camera, no viewer --------------------------------------------------------------------------
  log(`1 camera, 0 viewers (prebuffering): ${SECONDS.noViewer} s`);
  const steps: { viewers: number; cpu: Breakdown; kbitPerViewer: number | null; serverRss: number | null }[] = [];
  const noViewer = await measure(server, sim, SECONDS.noViewer, [cam1]);
  steps.push({ viewers: 0, cpu: noViewer, kbitPerViewer: null, serverRss: noViewer.serverRss });
  log(`  ${describe(noViewer)}`);

  // --- 2. viewers ----------------------------------------------------------------------------------------
  const viewers: LiveViewer[] = [];
  own('viewers', async () => void (await Promise.all(viewers.map((v) => v.close()))));
  for (const n of VIEWER_STEPS) {
    await openViewers(n - viewers.length, server, cam1.name, token, viewers);
    await sleep(2_000);
    const before = bytesOf(viewers);
    log(`1 camera, ${n} viewer(s): ${SECONDS.viewers} s`);
    const cpu = await measure(server, sim, SECONDS.viewers, [cam1]);
    const after = bytesOf(viewers);
    const kbit = after.map((b, i) => ((b - before[i]!) * 8) / 1000 / cpu.seconds);
    const failed = viewers.filter((v) => v.error);
    if (failed.length) notes.push(`${failed.length} of ${n} viewers failed: ${failed[0]!.error}`);
    steps.push({ viewers: n, cpu, kbitPerViewer: Math.min(...kbit), serverRss: cpu.serverRss });
    log(`  ${describe(cpu)}; slowest viewer got ${Math.min(...kbit).toFixed(0)} kbit/s`);
  }
  const serverRss16Viewers = readRss(server.pid);
  await Promise.all(viewers.splice(0).map((v) => v.close()));

  const points = steps.map((s) => ({ x: s.viewers, y: s.cpu.total }));
  const perViewerSlope = slope(points);
  const perViewerSpread = (steps[steps.length - 1]!.cpu.total - steps[1]!.cpu.total) / (VIEWER_STEPS[VIEWER_STEPS.length - 1]! - VIEWER_STEPS[0]);

  // --- 3a. first fragment, warm ----------------------------------------------------------------------------
  await sleep(500);
  log(`WebSocket open → first fragment, warm (cam1 streaming): ${WARM_RUNS} runs`);
  const warm: ViewerTimes[] = [];
  const warmErrors: string[] = [];
  for (let i = 0; i < WARM_RUNS; i++) {
    const viewer = new LiveViewer(server.url, cam1.name, token);
    try {
      warm.push(await viewer.firstFragment(5_000));
    } catch (error) {
      warmErrors.push(String(error));
    } finally {
      await viewer.close();
    }
    await sleep(100);
  }
  const warmFirst = warm.map((t) => t.firstFragmentMs).filter((v): v is number => v !== null);
  log(`  p50 ${ms(summarize(warmFirst).p50, 1)}, p95 ${ms(summarize(warmFirst).p95, 1)}${warmErrors.length ? `; ${warmErrors.length} failed` : ''}`);

  // --- 5. snapshots ----------------------------------------------------------------------------------------
  log(`snapshots: ${SNAPSHOTS} fresh encodes (full size and ?width=320 alternating, each key re-asked after its 1 s share window)`);
  const snapshotWarmup = await takeSnapshot(server, token, cam1.name, -1, null);
  await sleep(SNAPSHOT_SHARE_MS + 100);
  const snapshots: SnapshotSample[] = [];
  for (let i = 0; i < SNAPSHOTS; i++) {
    const width = i % 2 === 0 ? null : 320;
    snapshots.push(await takeSnapshot(server, token, cam1.name, i, width));
    // the next request is for the other width; the same width comes back after two gaps (> 1 s + margin)
    await sleep(SNAPSHOT_SHARE_MS / 2 + 100);
  }
  const snapOk = snapshots.filter((s) => s.status === 200);
  const snapMs = snapOk.map((s) => s.ms);
  log(`  p50 ${ms(summarize(snapMs).p50)}, p95 ${ms(summarize(snapMs).p95)}; from ${[...new Set(snapOk.map((s) => s.from))].join(', ')}; ${snapshots.length - snapOk.length} failed`);

  // --- 4. browser ----------------------------------------------------------------------------------------
  log(`Chromium: page open → first decoded frame, warm (cam1 streaming), ${BROWSER_RUNS} runs per page`);
  let browser: Browser | null = null;
  const appRuns: FirstFrameRun[] = [];
  const referenceRuns: FirstFrameRun[] = [];
  let appWarmup: FirstFrameRun | null = null;
  let referenceWarmup: FirstFrameRun | null = null;
  let browserError: string | null = null;
  let appNotMeasured: string | null = null;
  try {
    browser = await launchChromium();
    const b = browser;
    own('chromium', () => b.close());
    const common = { origin: server.url, session: JSON.stringify(session), token, camera: cam1.name, timeoutMs: 8_000, noVideoGiveUpMs: 6_000 };
    const appUrl = `${server.url}/cameras/${encodeURIComponent(cam1.name)}/feed`;
    // the reference player runs in a small real page of the server (its origin, for the WebSocket)
    const reference = { ...common, url: `${server.url}/api/health`, referencePlayer: true };
    // one unmeasured run each first (Chromium's own start-up of its renderer and media stack)
    referenceWarmup = await firstFrameRun(b, reference);
    for (let i = 0; i < BROWSER_RUNS; i++) referenceRuns.push(await firstFrameRun(b, reference));
    appWarmup = await firstFrameRun(b, { ...common, url: appUrl });
    if (appWarmup.videos === 0) {
      appNotMeasured = `the web app's /cameras/:name/feed shows no <video> yet (${appWarmup.error ?? 'no player'})`;
    } else {
      for (let i = 0; i < BROWSER_RUNS; i++) appRuns.push(await firstFrameRun(b, { ...common, url: appUrl }));
    }
  } catch (error) {
    browserError = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    log(`  Chromium failed: ${browserError}`);
  } finally {
    await browser?.close();
  }
  const frames = (runs: FirstFrameRun[]): number[] => runs.map((r) => r.firstFrameMs).filter((v): v is number => v !== null);
  const appFrames = frames(appRuns);
  const referenceFrames = referenceRuns.map((r) => r.fromPlayerStartMs).filter((v): v is number => v !== null);
  log(`  web app: ${appNotMeasured ?? `p50 ${ms(summarize(appFrames).p50)}, p95 ${ms(summarize(appFrames).p95)}`}`);
  const appBreakdown = appRuns.length ? breakdownMedians(appRuns) : null;
  if (appBreakdown) {
    const b = appBreakdown;
    log(`  web app medians (ms since navigation start): HTML ${ms(b.responseEnd)} → DOMContentLoaded ${ms(b.domContentLoaded)} → live socket created ${ms(b.liveSocketCreated)} → open ${ms(b.liveSocketOpen)} → first video bytes ${ms(b.liveFirstBinary)} → first frame ${ms(b.firstFrame)}`);
  }
  log(`  reference MSE player (from its start): p50 ${ms(summarize(referenceFrames).p50)}, p95 ${ms(summarize(referenceFrames).p95)}`);

  // --- 3b + 6. cold first fragment on cam2..cam16, which then stay watched ----------------------------------
  log(`WebSocket open → first fragment, cold (camera idle, no prebuffering): cam2..cam${CAMERAS}, each then stays watched`);
  const cold: { camera: string; times: ViewerTimes | null; error: string | null }[] = [];
  const watchers: LiveViewer[] = [];
  own('watchers', async () => void (await Promise.all(watchers.map((v) => v.close()))));
  for (const camera of sim.cameras.slice(1)) {
    const status = await api.request<CameraRecord>('GET', `/api/cameras/${camera.name}/status`);
    if (status.state !== 'idle') notes.push(`cold run on ${camera.name} found it ${status.state}, not idle`);
    const viewer = new LiveViewer(server.url, camera.name, token);
    watchers.push(viewer);
    try {
      cold.push({ camera: camera.name, times: await viewer.firstFragment(20_000), error: null });
    } catch (error) {
      cold.push({ camera: camera.name, times: null, error: String(error) });
    }
  }
  const coldFirst = cold.map((c) => c.times?.firstFragmentMs ?? null).filter((v): v is number => v !== null);
  const slowCold = cold.filter((c) => c.error !== null || (c.times?.firstFragmentMs ?? 0) > 5_000).map((c) => c.camera);
  const coldDiagnostics = slowCold.length
    ? {
        cameras: slowCold,
        serverLog: server.output().split('\n').filter((line) => slowCold.some((name) => line.includes(`"${name}"`) || line.includes(`/${name}/`))).slice(-40),
        simulatorLog: simLog.filter((line) => slowCold.some((name) => line.includes(`[${name}]`))).slice(-40),
      }
    : null;
  log(`  p50 ${ms(summarize(coldFirst).p50)}, p95 ${ms(summarize(coldFirst).p95)}; ${cold.filter((c) => c.error).length} failed`);

  const cam1Watcher = new LiveViewer(server.url, cam1.name, token);
  watchers.push(cam1Watcher);
  await cam1Watcher.firstFragment(10_000);
  await sleep(SECONDS.settle * 1000);
  log(`${CAMERAS} cameras, each watched once: ${SECONDS.sixteen} s`);
  const sixBefore = bytesOf(watchers);
  const sixteen = await measure(server, sim, SECONDS.sixteen, sim.cameras);
  const sixAfter = bytesOf(watchers);
  const sixKbit = sixAfter.map((b, i) => ((b - sixBefore[i]!) * 8) / 1000 / sixteen.seconds);
  const ffmpegRss = Object.values(sixteen.ffmpegRss).filter((v): v is number => v !== null);
  const serverRss16Cameras = readRss(server.pid);
  log(`  ${describe(sixteen)}; slowest viewer ${Math.min(...sixKbit).toFixed(0)} kbit/s; ${Object.keys(sixteen.ffmpeg).length} ffmpeg`);
  await Promise.all(watchers.splice(0).map((v) => v.close()));

  // --- results -------------------------------------------------------------------------------------------
  const oneViewer = steps.find((s) => s.viewers === 1)!;
  const ffmpegOf = (b: Breakdown): number => b.ffmpeg[cam1.name] ?? 0;
  const warmSummary = summaryOrNull(warmFirst);
  const coldSummary = summaryOrNull(coldFirst);
  const snapSummary = summaryOrNull(snapMs);
  const appSummary = summaryOrNull(appFrames);
  const refSummary = summaryOrNull(referenceFrames);
  const simPerCamera = sixteen.simulatorTotal / CAMERAS;

  const rows: Row[] = [
    { metric: 'server idle, no camera streaming', measured: pct(idle.total), target: '–', pass: null },
    ...steps.map((s) => {
      const budget = TARGET.remuxPerCamera + TARGET.perExtraViewer * Math.max(0, s.viewers - 1);
      return {
        metric: `1 camera, ${s.viewers} viewer${s.viewers === 1 ? '' : 's'}: server + ffmpeg (ffmpeg alone)`,
        measured: `${pct(s.cpu.total)} (${pct(ffmpegOf(s.cpu))})`,
        target: `≤ ${budget.toFixed(1)} %`,
        pass: s.cpu.total <= budget,
      };
    }),
    {
      metric: 'each extra viewer (least-squares slope 0→16; (16−1)/15)',
      measured: `${pct(perViewerSlope, 3)}; ${pct(perViewerSpread, 3)}`,
      target: `≤ ${TARGET.perExtraViewer} %`,
      pass: Math.max(perViewerSlope, perViewerSpread) <= TARGET.perExtraViewer,
    },
    {
      metric: `WS open → first fragment, warm p50 / p95 (n=${warmFirst.length})`,
      measured: `${ms(warmSummary?.p50, 1)} / ${ms(warmSummary?.p95, 1)}`,
      target: `≤ ${TARGET.firstFragmentMs} ms`,
      pass: warmSummary ? warmSummary.p95 <= TARGET.firstFragmentMs && warmErrors.length === 0 : false,
    },
    {
      metric: `WS open → first fragment, cold p50 / p95 (n=${coldFirst.length})`,
      measured: `${ms(coldSummary?.p50)} / ${ms(coldSummary?.p95)}`,
      target: '– (original 1.32–1.45 s)',
      pass: null,
    },
    appNotMeasured
      ? { metric: 'page open → first frame, web app /cameras/cam1/feed', measured: 'not measured', target: `≤ ${TARGET.firstFrameMs} ms`, pass: null }
      : {
          metric: `page open → first frame, web app p50 / p95 (n=${appFrames.length})`,
          measured: `${ms(appSummary?.p50)} / ${ms(appSummary?.p95)}`,
          target: `≤ ${TARGET.firstFrameMs} ms`,
          pass: appSummary ? appSummary.p95 <= TARGET.firstFrameMs && appFrames.length === appRuns.length : false,
        },
    {
      metric: `player start → first frame, reference MSE player p50 / p95 (n=${referenceFrames.length})`,
      measured: `${ms(refSummary?.p50)} / ${ms(refSummary?.p95)}`,
      target: `≤ ${TARGET.firstFrameMs} ms`,
      pass: refSummary ? refSummary.p95 <= TARGET.firstFrameMs && referenceFrames.length === referenceRuns.length : false,
    },
    {
      metric: `snapshot p50 / p95 (n=${snapMs.length}, fresh encodes)`,
      measured: `${ms(snapSummary?.p50)} / ${ms(snapSummary?.p95)}`,
      target: `p95 ≤ ${TARGET.snapshotP95Ms} ms`,
      pass: snapSummary ? snapSummary.p95 <= TARGET.snapshotP95Ms && snapOk.length === snapshots.length : false,
    },
    {
      metric: `${CAMERAS} cameras × 1 viewer: server + ffmpeg (per camera)`,
      measured: `${pct(sixteen.total)} (${pct(sixteen.total / CAMERAS)})`,
      target: `< ${TARGET.sixteenCameras} %`,
      pass: sixteen.total < TARGET.sixteenCameras && Object.keys(sixteen.ffmpeg).length === CAMERAS,
    },
    { metric: `simulator, ${CAMERAS} cameras (excluded above; per camera)`, measured: `${pct(sixteen.simulatorTotal)} (${pct(simPerCamera)})`, target: '–', pass: null },
    { metric: 'server RSS idle / 16 viewers of 1 camera / 16 cameras', measured: `${mib(serverRssIdle)} / ${mib(serverRss16Viewers)} / ${mib(serverRss16Cameras)}`, target: '– (original 182 MB idle)', pass: null },
    {
      metric: 'ffmpeg RSS per camera, mean / max',
      measured: ffmpegRss.length ? `${mib(ffmpegRss.reduce((a, b) => a + b, 0) / ffmpegRss.length)} / ${mib(Math.max(...ffmpegRss))}` : 'n/a',
      target: '–',
      pass: null,
    },
  ];

  notes.push(
    'CPU: per process from /proc/<pid>/stat (utime+stime deltas ÷ wall, CLK_TCK ' + CLK_TCK + '), in % of ONE core; "server + ffmpeg" is the server ' +
      'process and every descendant (found through /proc/<pid>/task/*/children); the simulator and this bench process (the Node ws viewers) are not included.',
    'Cameras: simulated 1280x720 25 fps H.264 Constrained Baseline ~2.1 Mbit/s, keyframe every 2 s, AAC 64 kbit/s mono, served from a pre-encoded ' +
      'clip looped in real time (no encoder), over RTSP/TCP; the server runs them with its defaults (-c copy remux to fMP4, 200 ms fragments).',
    'First fragment: from the WebSocket open event (auth sent at once) to the first binary message after the init segment. Warm = the camera ' +
      'already streams (prebuffering): init + buffered GOP. Cold = the camera stream is idle: includes RTSP set-up and ffmpeg probing; ' +
      'the simulated camera starts its clip at a keyframe, so no wait for the next keyframe (a real camera may add up to one GOP).',
    `Snapshots: ${SNAPSHOTS} sequential GET /api/cameras/cam1/snapshot with a unique ?bench=<n>, alternating full size and ?width=320; the server ` +
      'shares one picture per camera and width for 1 s after it was made, so requests are spaced so that each width is asked again only after ' +
      'its share window: every answer is a fresh decode of the buffered keyframe + JPEG encode (X-Snapshot-From: buffer). Time = request start → whole body.',
    'First frame in Chromium: fresh browser context per run, session put in localStorage `user` as the web app stores it, navigation to the page; ' +
      'time = performance.now() (navigation start = 0) at the first requestVideoFrameCallback of any <video>. The reference page is a minimal MSE ' +
      'player (bench/src/browser.ts) injected into a small page of the server (its origin), timed from the player script\'s start: what the ' +
      'protocol allows, not what the web app does.',
  );
  if (slowCold.length) notes.push(`slow or failed cold starts on ${slowCold.join(', ')}: see firstFragment.cold.diagnostics in the JSON`);
  if (appNotMeasured) notes.push(`Web app first frame NOT measured: ${appNotMeasured}.`);
  if (browserError) notes.push(`Chromium failed: ${browserError}`);
  if (warmErrors.length) notes.push(`warm first-fragment failures: ${warmErrors.slice(0, 3).join('; ')}`);
  if (consoleListener) notes.push(`Console open (BENCH_CONSOLE=1): ${consoleListener.entries} log entries in ${consoleListener.batches} logMessage batches.`);

  const result = {
    date: new Date().toISOString(),
    durationSeconds: round(elapsedSeconds(), 1),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? null, kernel: release(), node: process.version, clkTck: CLK_TCK },
    targets: TARGET,
    table: rows,
    notes,
    setup: { simulatorStartMs: round(simStartMs, 0), serverStartMs: round(server.startMs, 0), buildWarning: warning },
    idle: { cpu: roundBreakdown(idle), serverRss: serverRssIdle },
    oneCamera: {
      steps: steps.map((s) => ({ viewers: s.viewers, cpu: roundBreakdown(s.cpu), slowestViewerKbit: s.kbitPerViewer === null ? null : round(s.kbitPerViewer, 0), serverRss: s.serverRss })),
      perExtraViewer: { slope: round(perViewerSlope, 4), from1to16: round(perViewerSpread, 4) },
      oneViewerTotal: round(oneViewer.cpu.total, 3),
    },
    firstFragment: {
      warm: { summary: warmSummary, initMs: summaryOrNull(warm.map((t) => t.initMs).filter((v): v is number => v !== null)), connectMs: summaryOrNull(warm.map((t) => t.connectMs)), errors: warmErrors },
      cold: { summary: coldSummary, diagnostics: coldDiagnostics, runs: cold.map((c) => ({ camera: c.camera, error: c.error, ...(c.times ? { connectMs: round(c.times.connectMs, 1), initMs: c.times.initMs === null ? null : round(c.times.initMs, 1), firstFragmentMs: c.times.firstFragmentMs === null ? null : round(c.times.firstFragmentMs, 1) } : {}) })) },
    },
    browser: {
      error: browserError,
      app: { notMeasured: appNotMeasured, warmup: appWarmup, summary: appSummary, medians: appBreakdown, playingMs: summaryOrNull(appRuns.map((r) => r.playingMs).filter((v): v is number => v !== null)), runs: appRuns },
      reference: { warmup: referenceWarmup, summary: refSummary, navigationToFirstFrameMs: summaryOrNull(frames(referenceRuns)), playingMs: summaryOrNull(referenceRuns.map((r) => r.playingMs).filter((v): v is number => v !== null)), runs: referenceRuns },
    },
    snapshot: {
      summary: snapSummary,
      fullSize: summaryOrNull(snapOk.filter((s) => s.width === null).map((s) => s.ms)),
      width320: summaryOrNull(snapOk.filter((s) => s.width === 320).map((s) => s.ms)),
      warmupMs: round(snapshotWarmup.ms, 1),
      samples: snapshots.map((s) => ({ ...s, ms: round(s.ms, 1) })),
    },
    sixteenCameras: { cpu: roundBreakdown(sixteen), slowestViewerKbit: round(Math.min(...sixKbit), 0), serverRss: serverRss16Cameras, ffmpegRss: sixteen.ffmpegRss },
    memory: { serverRssIdle, serverRss16Viewers, serverRss16Cameras, ffmpegRssPerCamera: ffmpegRss },
  };

  await cleanupAll();

  publishResults('live', 'HomeCam live benchmark', result, rows, notes, REPO_ROOT);
}

await runBench(main, disarmWatchdog);
