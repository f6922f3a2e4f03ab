/**
 * `npm run bench:first-frame-ab`: page open → first frame of two builds, interleaved run by run (A, B, A, B, …) in one
 * Chromium against one simulated camera, so a busy machine's load falls on both alike. A and B are each a web build
 * (BENCH_A_WEB / BENCH_B_WEB: a web/dist folder, default web/dist) and a server build (BENCH_A_SERVER /
 * BENCH_B_SERVER: a main.js, default server/dist/main.js) with more environment (BENCH_A_ENV / BENCH_B_ENV: NAME=value,…). BENCH_RUNS runs per build and page (default 10); the pages
 * are the feed over WebRTC and over MSE (BENCH_AB_PAGES=webrtc,mse). Prints medians with the WebRTC milestones and
 * writes first-frame-ab-*.json.
 */
import { startCameraSimulator } from '@homecam/tools';
import type { Browser } from '@playwright/test';
import { loadavg } from 'node:os';
import { firstFrameRun, launchChromium, type FirstFrameRun } from './browser.js';
import { waitForState, pickNumbers, summaryOrNull } from './live-util.js';
import { ms, publishResults, type Row } from './report.js';
import { checkBuild, cleanupAll, guardRun, log, own, runBench, runHeader, sleep, startOwnedServer } from './run.js';
import { REPO_ROOT } from './server.js';
import { round, summarize } from './stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const PAGES = (process.env.BENCH_AB_PAGES ?? 'webrtc,mse').split(',').filter((page): page is 'webrtc' | 'mse' => page === 'webrtc' || page === 'mse');
const MILESTONES = ['liveSocketCreated', 'liveSocketOpen', 'offerSent', 'answerReceived', 'iceChecking', 'iceConnected', 'connected', 'track'] as const;
const disarmWatchdog = guardRun(120_000 + RUNS * PAGES.length * 2 * 4_000);

interface Side {
  name: 'A' | 'B';
  web: string | undefined;
  server: string | undefined;
  /** More environment for that server (BENCH_A_ENV / BENCH_B_ENV: NAME=value,NAME=value). */
  env: Record<string, string>;
}

const envOf = (text: string | undefined): Record<string, string> =>
  Object.fromEntries((text ?? '').split(',').filter((pair) => pair.includes('=')).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));

const sides: Side[] = (['A', 'B'] as const).map((name) => ({ name, web: process.env[`BENCH_${name}_WEB`], server: process.env[`BENCH_${name}_SERVER`], env: envOf(process.env[`BENCH_${name}_ENV`]) }));

const median = (values: (number | null | undefined)[]): number => round(summarize(pickNumbers(values)).p50, 1);

function describe(runs: FirstFrameRun[]): Record<string, number> {
  const medians: Record<string, number> = {};
  for (const key of MILESTONES) medians[key] = median(runs.map((r) => r.breakdown?.[key]));
  medians.firstFrame = median(runs.map((r) => r.firstFrameMs));
  return medians;
}

async function main(): Promise<void> {
  const notes: string[] = [];
  const warning = checkBuild(notes);
  const sim = await startCameraSimulator({ cameras: 1, clip: true, log: () => undefined });
  own('simulator', () => sim.close());
  const camera = sim.cameras[0]!;
  const servers = [];
  for (const side of sides) {
    const started = await startOwnedServer({ ...side.env, ...(side.web ? { HOMECAM_WEB_DIR: side.web } : {}) }, { webrtc: { bindAddress: '127.0.0.1' } }, [], side.server);
    await started.api.request('POST', '/api/cameras', { name: camera.name, prebuffering: true, videoConfig: { source: camera.mainUrl, maxStreams: 64 } });
    await waitForState(started.api, camera.name, 'streaming', 20_000);
    servers.push({ side, ...started });
  }
  await sleep(3_000);
  const loadBefore = loadavg()[0]!;
  const browser: Browser = await launchChromium();
  own('chromium', () => browser.close());
  const results: Record<string, FirstFrameRun[]> = {};
  for (const page of PAGES) {
    for (let i = -1; i < RUNS; i++) {
      for (const { side, server, session, token } of i % 2 === 0 ? servers : [...servers].reverse()) {
        const url = `${server.url}/cameras/${encodeURIComponent(camera.name)}/feed`;
        const run = await firstFrameRun(browser, { origin: server.url, session: JSON.stringify(session), token, camera: camera.name, url, timeoutMs: 8_000, noVideoGiveUpMs: 6_000, disableWebrtc: page === 'mse' });
        if (i >= 0) (results[`${page} ${side.name}`] ??= []).push(run); // i = -1: a warm-up run of each
      }
    }
  }
  notes.push(`load average (1 min) before / after: ${loadBefore.toFixed(2)} / ${loadavg()[0]!.toFixed(2)}`);
  const rows: Row[] = [];
  const json: Record<string, unknown> = { sides };
  for (const [key, runs] of Object.entries(results)) {
    const frames = summaryOrNull(pickNumbers(runs.map((r) => r.firstFrameMs)));
    const medians = describe(runs);
    log(`  ${key}: ${Object.entries(medians).map(([name, value]) => `${name} ${ms(value)}`).join(' → ')}`);
    rows.push({ metric: `page open → first frame, ${key} p50 / p95 (n=${frames?.n ?? 0}/${runs.length})`, measured: `${ms(frames?.p50)} / ${ms(frames?.p95)}`, target: '–', pass: null });
    json[key] = { summary: frames, medians, runs };
  }
  log(notes.at(-1)!);
  await cleanupAll();
  const result = { ...runHeader({ buildWarning: warning }), table: rows, notes, results: json };
  publishResults('first-frame-ab', 'HomeCam first frame, two builds interleaved', result, rows, notes, REPO_ROOT);
}

await runBench(main, disarmWatchdog);
process.exit();
