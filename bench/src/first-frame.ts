/**
 * `npm run bench:first-frame`: only the Chromium part of bench:live (live-browser.ts), on one simulated camera that
 * streams all the time: page open → first frame over MSE and WebRTC, the reference players and the in-app open. A
 * few minutes instead of bench:live's ten, for comparing a change to the page's start-up back to back. BENCH_RUNS
 * sets the measured runs per page (default 5, as bench:live). Prints the table and writes first-frame-*.json.
 */
import { startCameraSimulator } from '@homecam/tools';
import { publishResults } from './report.js';
import { REPO_ROOT } from './server.js';
import { checkBuild, cleanupAll, guardRun, log, own, runBench, runHeader, sleep, startOwnedServer } from './run.js';
import { waitForState } from './live-util.js';
import { browserPhase } from './live-browser.js';
import { loadavg } from 'node:os';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const disarmWatchdog = guardRun(300_000);

async function main(): Promise<void> {
  const notes: string[] = [];
  const warning = checkBuild(notes);
  const { server, api, session, token } = await startOwnedServer({}, { webrtc: { bindAddress: '127.0.0.1' } });
  const sim = await startCameraSimulator({ cameras: 1, clip: true, log: () => undefined });
  own('simulator', () => sim.close());
  const camera = sim.cameras[0]!;
  await api.request('POST', '/api/cameras', { name: camera.name, prebuffering: true, videoConfig: { source: camera.mainUrl, maxStreams: 64, ...(process.env.BENCH_AUDIO === '0' ? { audio: false } : {}) } });
  await waitForState(api, camera.name, 'streaming', 20_000);
  await sleep(3_000);
  const loadBefore = loadavg()[0]!;
  const browser = await browserPhase(server, session, token, camera.name, RUNS);
  notes.push(...browser.notes, `load average (1 min) before / after the browser part: ${loadBefore.toFixed(2)} / ${loadavg()[0]!.toFixed(2)}`);
  log(notes[notes.length - 1]!);
  await cleanupAll();
  const result = { ...runHeader({ buildWarning: warning }), table: browser.rows, notes, browser: browser.json };
  publishResults('first-frame', 'HomeCam first frame (Chromium part of bench:live)', result, browser.rows, notes, REPO_ROOT);
}

await runBench(main, disarmWatchdog);
process.exit();
