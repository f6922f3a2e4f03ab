/**
 * `npm run bench:live`: live video cost and latency of the built server against simulated cameras.
 *
 * Starts 16 simulated 720p25 cameras (clip mode: a pre-encoded H.264 + AAC clip looped, no encoder, so the
 * simulator does not eat the 2 cores it is measuring) and the built server (server/dist) on a fresh data dir,
 * then measures, per process from /proc (utime + stime ÷ wall, % of ONE core):
 *   1. one camera with prebuffering, no viewer: server + its ffmpeg
 *   2. 1, 4, 16 WebSocket viewers of that camera (Node `ws` clients reading everything)
 *   3. WebSocket open → first fragment: warm (stream running) ×20 and cold (stream idle) ×15
 *   4. page open → first decoded frame in Chromium: the web app's /cameras/:name/feed over MSE and over WebRTC,
 *      and a minimal MSE player on the server's origin (reference), warm, 5 runs each (live-browser.ts)
 *   5. snapshot latency, 30 fresh encodes from the buffered keyframe (live-snapshots.ts)
 *   6. 1, 4, 16 WebRTC viewers (Node, node-datachannel) of that camera: server + ffmpeg (live-webrtc.ts)
 *   7. 16 cameras, each watched once: server + every ffmpeg (simulator reported apart)
 *   8. memory (RSS): server idle / 16 viewers / 16 cameras, ffmpeg per camera
 *   9. glass-to-glass latency, MSE and WebRTC, on an extra live-encoded camera that flashes (live-glass.ts)
 * Prints a table (metric, measured, target, result) and writes bench/results/live-<date>.json and live-latest.json.
 */
import { startCameraSimulator } from '@homecam/tools';
import { CLK_TCK, readRss } from './proc.js';
import { mib, ms, pct, publishResults, type Row } from './report.js';
import { REPO_ROOT } from './server.js';
import { round } from './stats.js';
import { LiveViewer } from './viewer.js';
import { checkBuild, cleanupAll, elapsedSeconds, guardRun, log, own, runBench, runHeader, sleep, startOwnedServer } from './run.js';
import { describe, describeThreads, measure, type Breakdown } from './live-cpu.js';
import { idlePhase } from './live-idle.js';
import { floorRows, idleRow, oneViewerCpu } from './cpu-rows.js';
import { openConsoleListener } from './console-listener.js';
import { bytesOf, roundBreakdown, summaryOrNull, waitForState } from './live-util.js';
import { coldPhase } from './live-cold.js';
import { viewerStepsPhase } from './live-viewer-steps.js';
import { warmPhase } from './live-warm.js';
import { snapshotPhase } from './live-snapshots.js';
import { browserPhase } from './live-browser.js';
import { webrtcCpuPhase } from './live-webrtc.js';
import { glassPhase } from './live-glass.js';

const CAMERAS = 16;
const VIEWER_STEPS = [1, 4, 16] as const;
const SECONDS = {
  idle: Number(process.env.BENCH_IDLE_S ?? 30),
  idleWarmup: Number(process.env.BENCH_IDLE_WARMUP_S ?? 90),
  oneViewer: Number(process.env.BENCH_ONE_VIEWER_S ?? 30),
  noViewer: Number(process.env.BENCH_NO_VIEWER_S ?? 15),
  viewers: Number(process.env.BENCH_VIEWERS_S ?? 10),
  sixteen: Number(process.env.BENCH_SIXTEEN_S ?? 15),
  settle: 3,
};
const WARM_RUNS = 20;
const BROWSER_RUNS = 5;
const SNAPSHOTS = 30;
const GLASS_FLIPS = Number(process.env.BENCH_GLASS_FLIPS ?? 10);
const RUN_DEADLINE_MS = 600_000;

const TARGET = {
  remuxPerCamera: 3,
  perExtraViewer: 0.5,
  firstFragmentMs: 300,
  sixteenCameras: 60,
};

const disarmWatchdog = guardRun(RUN_DEADLINE_MS);

// ---------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const notes: string[] = [];
  const warning = checkBuild(notes);

  // --- server, then the simulator (its start overlaps with the server's settling before the idle window) -----------
  // WebRTC host candidates on loopback only (the bench's browser and Node viewers are on this machine)
  const { server, api, session, token } = await startOwnedServer({}, { webrtc: { bindAddress: '127.0.0.1' } });
  // BENCH_CONSOLE=1: an admin's Console stays open for the whole run (compare with a run without).
  const consoleListener = process.env.BENCH_CONSOLE === '1' ? openConsoleListener(server.url, token) : null;
  if (consoleListener) own('console', () => consoleListener.close());

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

  // --- idle (once the server's start-up settled) -----------------------------------------------------------------
  const idleResult = await idlePhase(server, sim, server.spawnedAt, SECONDS.idleWarmup, SECONDS.idle);
  const idle = idleResult.idle;
  const serverRssIdle = readRss(server.pid);
  log(`  RSS ${mib(serverRssIdle)}`);

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

  // --- 1. one camera, no viewer; 2. viewers -----------------------------------------------------------------
  const { noViewer, steps, floorCommand, serverRss16Viewers, perViewerSlope, perViewerSpread } = await viewerStepsPhase({
    server, sim, camera: cam1, token, steps: VIEWER_STEPS, seconds: SECONDS, notes,
  });

  // --- 3a. first fragment, warm ----------------------------------------------------------------------------
  const { warm, warmFirst, warmErrors } = await warmPhase(server, cam1.name, token, WARM_RUNS);

  // --- 5. snapshots, 4. browser, 6. WebRTC viewers ----------------------------------------------------------
  const snapshots = await snapshotPhase(server, token, cam1.name, SNAPSHOTS);
  const browser = await browserPhase(server, session, token, cam1.name, BROWSER_RUNS);
  const webrtc = await webrtcCpuPhase({ server, sim, camera: cam1, token, seconds: SECONDS.viewers, noViewers: noViewer });

  // --- 3b + 6. cold first fragment on cam2..cam16, which then stay watched ----------------------------------
  const watchers: LiveViewer[] = [];
  own('watchers', async () => void (await Promise.all(watchers.map((v) => v.close()))));
  const { coldFirst, slowCold, json: coldJson } = await coldPhase({ api, server, cameras: sim.cameras.slice(1), token, simLog, notes, watchers });

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

  // --- 9. glass-to-glass ---------------------------------------------------------------------------------------
  const glass = await glassPhase({ server, api, session, token, flips: GLASS_FLIPS, settleS: SECONDS.settle });

  // --- results -------------------------------------------------------------------------------------------
  const oneViewer = steps.find((s) => s.viewers === 1)!;
  const ffmpegOf = (b: Breakdown): number => b.ffmpeg[cam1.name] ?? 0;
  const warmSummary = summaryOrNull(warmFirst);
  const coldSummary = summaryOrNull(coldFirst);
  const simPerCamera = sixteen.simulatorTotal / CAMERAS;

  const rows: Row[] = [
    idleRow(idle.total, `${SECONDS.idle} s, from ${idleResult.warmupSeconds.toFixed(0)} s after the start`),
    {
      metric: `server start-up: CPU in its first ${idleResult.warmupSeconds.toFixed(0)} s (start, then V8's memory reducer)`,
      measured: idleResult.startupCpuSeconds === null ? 'n/a' : `${idleResult.startupCpuSeconds.toFixed(2)} s`,
      target: '–',
      pass: null,
    },
    ...steps.map((s) => {
      const budget = TARGET.remuxPerCamera + TARGET.perExtraViewer * Math.max(0, s.viewers - 1);
      return {
        metric: `1 camera, ${s.viewers} viewer${s.viewers === 1 ? '' : 's'}: server + ffmpeg (ffmpeg alone)`,
        measured: `${pct(s.cpu.total)} (${pct(ffmpegOf(s.cpu))})`,
        target: `≤ ${budget.toFixed(1)} %`,
        pass: s.cpu.total <= budget,
      };
    }),
    ...floorRows(oneViewerCpu(oneViewer.cpu, cam1.name), `${SECONDS.oneViewer} s`),
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
    ...browser.rows,
    snapshots.row,
    ...webrtc.rows,
    ...glass.rows,
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
    `Idle server threads: ${describeThreads(idle.serverThreads)}. One viewer: ${describeThreads(oneViewer.cpu.serverThreads)}.`,
    `Floor: the server's own ffmpeg command for cam1 started bare (output to /dev/null) during the 1-viewer window: ${floorCommand ?? 'not started'}`,
    'CPU: per process from /proc/<pid>/stat (utime+stime deltas ÷ wall, CLK_TCK ' + CLK_TCK + '), in % of ONE core; "server + ffmpeg" is the server ' +
      'process and every descendant (found through /proc/<pid>/task/*/children); the simulator and this bench process (the Node ws viewers) are not included.',
    'Cameras: simulated 1280x720 25 fps H.264 Constrained Baseline ~2.1 Mbit/s, keyframe every 2 s, AAC 64 kbit/s mono, served from a pre-encoded ' +
      'clip looped in real time (no encoder), over RTSP/TCP; the server runs them with its defaults (-c copy remux to fMP4, 200 ms fragments).',
    'First fragment: from the WebSocket open event (auth sent at once) to the first binary message after the init segment. Warm = the camera ' +
      'already streams (prebuffering): init + buffered GOP. Cold = the camera stream is idle: includes RTSP set-up and ffmpeg probing; ' +
      'the simulated camera starts its clip at a keyframe, so no wait for the next keyframe (a real camera may add up to one GOP).',
    snapshots.note,
    ...browser.notes,
    ...webrtc.notes,
    ...glass.notes,
  );
  if (slowCold.length) notes.push(`slow or failed cold starts on ${slowCold.join(', ')}: see firstFragment.cold.diagnostics in the JSON`);
  if (warmErrors.length) notes.push(`warm first-fragment failures: ${warmErrors.slice(0, 3).join('; ')}`);
  if (consoleListener) notes.push(`Console open (BENCH_CONSOLE=1): ${consoleListener.entries} log entries in ${consoleListener.batches} logMessage batches.`);

  const result = {
    ...runHeader(),
    targets: TARGET,
    table: rows,
    notes,
    setup: { simulatorStartMs: round(simStartMs, 0), serverStartMs: round(server.startMs, 0), buildWarning: warning },
    idle: { cpu: roundBreakdown(idle), serverRss: serverRssIdle, warmupSeconds: round(idleResult.warmupSeconds, 1), startupCpuSeconds: idleResult.startupCpuSeconds },
    floor: { command: floorCommand, oneViewer: oneViewerCpu(oneViewer.cpu, cam1.name) },
    oneCamera: {
      steps: steps.map((s) => ({ viewers: s.viewers, cpu: roundBreakdown(s.cpu), slowestViewerKbit: s.kbitPerViewer === null ? null : round(s.kbitPerViewer, 0), serverRss: s.serverRss })),
      perExtraViewer: { slope: round(perViewerSlope, 4), from1to16: round(perViewerSpread, 4) },
      oneViewerTotal: round(oneViewer.cpu.total, 3),
    },
    firstFragment: {
      warm: { summary: warmSummary, initMs: summaryOrNull(warm.map((t) => t.initMs).filter((v): v is number => v !== null)), connectMs: summaryOrNull(warm.map((t) => t.connectMs)), errors: warmErrors },
      cold: { summary: coldSummary, ...coldJson },
    },
    browser: browser.json,
    snapshot: snapshots.json,
    webrtc: webrtc.json,
    glassToGlass: glass.json,
    sixteenCameras: { cpu: roundBreakdown(sixteen), slowestViewerKbit: round(Math.min(...sixKbit), 0), serverRss: serverRss16Cameras, ffmpegRss: sixteen.ffmpegRss },
    memory: { serverRssIdle, serverRss16Viewers, serverRss16Cameras, ffmpegRssPerCamera: ffmpegRss },
  };

  await cleanupAll();

  publishResults('live', 'HomeCam live benchmark', result, rows, notes, REPO_ROOT);
}

await runBench(main, disarmWatchdog);
// libdatachannel's threads (the Node WebRTC viewers) keep the process alive after their peers closed, and its
// cleanup() crashes while closed peers still await garbage collection: everything is cleaned up and written, so exit.
process.exit();
