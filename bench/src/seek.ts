/**
 * `npm run bench:seek`: only the seek → first frame row of bench:recording (a camera and server of its own, Chromium
 * on the History page), for measuring the player without the 16-camera run. Needs `npm run build` (the server and
 * the web app are the built ones).
 */
import { cpus } from 'node:os';
import { seekPhase } from './recording-seek.js';
import { publishResults } from './report.js';
import { guardRun, runBench } from './run.js';
import { REPO_ROOT } from './server.js';

async function main(): Promise<void> {
  const started = performance.now();
  const seek = await seekPhase(Number(process.env.BENCH_SEEKS ?? 25));
  const result = { date: new Date().toISOString(), machine: { cpus: cpus().length }, durationSeconds: Math.round((performance.now() - started) / 1000), ...seek.json };
  publishResults('recording-seek', 'Seek in recorded footage', result, seek.rows, [
    'each seek is a click on the History timeline (zoomed to two minutes) at a random instant of the footage; timed in the page from pointerdown to the first frame presented at the new media time (requestVideoFrameCallback).',
    'the footage is one simulated 720p25 H.264 camera (~2 Mbit/s, 2 s GOP) in 10 s segments; the seeks stay inside the loaded playlist, the first one also loads hls.js, the playlist and a segment.',
  ], REPO_ROOT);
}

await runBench(main, guardRun(10 * 60_000));
