/**
 * `npm run bench:cpu`: the two CPU figures of issue 17, several windows each, in about 3 minutes: the built server
 * idle (no camera), and one camera with one live viewer (server + its ffmpeg) against the floor, a bare remux of
 * the same camera (floor.ts) measured in the same windows. Medians of the windows; table + JSON
 * (bench/results/cpu-<date>.json). bench:live measures the same rows once each among everything else.
 */
import { loadavg } from 'node:os';
import { startCameraSimulator } from '@homecam/tools';
import { describe, describeThreads, measure, type Breakdown } from './live-cpu.js';
import { roundBreakdown, waitForState } from './live-util.js';
import { CLK_TCK } from './proc.js';
import { pct, publishResults, type Row } from './report.js';
import { buildWarning, REPO_ROOT } from './server.js';
import { percentile, round } from './stats.js';
import { LiveViewer } from './viewer.js';
import { cleanupAll, guardRun, log, own, runBench, runHeader, sleep, startOwnedServer } from './run.js';
import { startFloorOf } from './floor.js';
import { CPU_TARGET, floorRows, idleRow, oneViewerCpu, type OneViewerCpu } from './cpu-rows.js';
import { idlePhase } from './live-idle.js';

const WINDOWS = Number(process.env.BENCH_WINDOWS ?? 3);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 30);
const VIEWER_S = Number(process.env.BENCH_VIEWER_S ?? 30);
const SETTLE_S = 5;
/** The idle windows start this long after the server's spawn (live-idle.ts). */
const WARMUP_S = Number(process.env.BENCH_IDLE_WARMUP_S ?? 90);

const disarmWatchdog = guardRun((60 + WARMUP_S + WINDOWS * (IDLE_S + VIEWER_S) * 1.5) * 1000);

const median = (values: readonly number[]): number => percentile(values, 50);

/** The median of every number of the windows' breakdowns (thread names that some windows lack count as 0 there). */
function medianThreads(windows: readonly Breakdown[]): Record<string, number> {
  const names = new Set(windows.flatMap((w) => Object.keys(w.serverThreads)));
  return Object.fromEntries([...names].map((name) => [name, median(windows.map((w) => w.serverThreads[name] ?? 0))]));
}

async function main(): Promise<void> {
  const notes: string[] = [];
  const warning = buildWarning();
  if (warning === 'server/dist/main.js is missing') throw new Error('server/dist/main.js is missing: run `npm run build` first');
  if (warning) notes.push(`WARNING: ${warning}`);

  const sim = await startCameraSimulator({ cameras: 1, clip: true });
  own('simulator', () => sim.close());
  const camera = sim.cameras[0]!;
  const { server, api, token } = await startOwnedServer({}, { webrtc: { bindAddress: '127.0.0.1' } });

  const idle: Breakdown[] = [];
  for (let i = 0; i < WINDOWS; i++) idle.push((await idlePhase(server, sim, server.spawnedAt, WARMUP_S, IDLE_S)).idle);

  await api.request('POST', '/api/cameras', { name: camera.name, videoConfig: { source: camera.mainUrl } });
  const viewer = new LiveViewer(server.url, camera.name, token);
  own('viewer', () => viewer.close());
  await viewer.firstFragment(20_000);
  await waitForState(api, camera.name, 'streaming', 20_000);
  const floor = startFloorOf(server, camera.port);
  own('floor', () => floor.stop());
  await sleep(SETTLE_S * 1000);

  const viewing: Breakdown[] = [];
  for (let i = 0; i < WINDOWS; i++) {
    log(`1 camera, 1 viewer, floor beside it: window ${i + 1}/${WINDOWS}, ${VIEWER_S} s`);
    const before = viewer.bytes;
    viewing.push(await measure(server, sim, VIEWER_S, [camera], floor.pid));
    log(`  ${describe(viewing[i]!)}; viewer ${(((viewer.bytes - before) * 8) / 1000 / VIEWER_S).toFixed(0)} kbit/s; threads: ${describeThreads(viewing[i]!.serverThreads)}`);
  }
  if (viewer.error) notes.push(`the viewer failed: ${viewer.error}`);

  const idleTotal = median(idle.map((w) => w.total));
  const windows = viewing.map((w) => oneViewerCpu(w, camera.name));
  const medianOf = (key: keyof OneViewerCpu): number => median(windows.map((w) => w[key]));
  const oneViewer: OneViewerCpu = { server: medianOf('server'), ffmpeg: medianOf('ffmpeg'), total: medianOf('total'), floor: medianOf('floor'), ratio: medianOf('ratio') };
  const rows: Row[] = [idleRow(idleTotal, `median of ${WINDOWS} × ${IDLE_S} s`), ...floorRows(oneViewer, `median of ${WINDOWS} × ${VIEWER_S} s`)];
  notes.push(
    `CPU per process from /proc (CLK_TCK ${CLK_TCK}), % of ONE core; idle windows from ${WARMUP_S} s after the server's spawn (its start-up settled), ${IDLE_S} s each; ${VIEWER_S} s windows with the viewer; load average at the end ${loadavg()[0]!.toFixed(2)}.`,
    `Idle server threads (median): ${describeThreads(medianThreads(idle))}. With the viewer: ${describeThreads(medianThreads(viewing))}.`,
    `Floor: the server's own ffmpeg command line started bare, its output to /dev/null: ${floor.command}`,
    `Camera: simulator clip mode, 1280x720 25 fps H.264 ~2.1 Mbit/s + AAC, over RTSP/TCP; the viewer is a Node WebSocket (MSE fragments).`,
  );

  const result = {
    ...runHeader({ loadAverage: loadavg() }),
    targets: CPU_TARGET,
    table: rows,
    notes,
    idle: { median: round(idleTotal, 3), windows: idle.map(roundBreakdown), threads: medianThreads(idle) },
    oneCameraOneViewer: { median: Object.fromEntries(Object.entries(oneViewer).map(([k, v]: [string, number]) => [k, round(v, 3)])), windows: viewing.map(roundBreakdown), threads: medianThreads(viewing) },
  };
  await cleanupAll();
  publishResults('cpu', 'HomeCam CPU: idle and one viewer against the floor', result, rows, notes, REPO_ROOT);
  log(`idle ${pct(idleTotal)}; one viewer ${pct(oneViewer.total)} = ${oneViewer.ratio.toFixed(2)}× the floor ${pct(oneViewer.floor)}`);
}

await runBench(main, disarmWatchdog);
