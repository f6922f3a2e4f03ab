/**
 * `npm run bench:recording` (issue 19): 16 simulated cameras (clip mode, 720p25 H.264 ~2 Mbit/s) recorded
 * continuously by HomeCam (a server process run from source) on this machine, against the floor measured in the
 * same run: 16 bare `ffmpeg -c copy` remuxes of the same streams. Then bytes written vs bytes received (no
 * amplification), the index query for one camera-day with 30 days × 16 cameras indexed on SQLite and PostgreSQL,
 * and an export of 10 minutes. Prints a table and writes bench/results/recording-*.json.
 */
import { startCameraSimulator } from '@homecam/tools';
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runExport } from '../../server/src/continuous/export-job.js';
import { measureWindow, type WindowResult } from './proc.js';
import { pct, publishResults, type Row } from './report.js';
import { seekPhase } from './recording-seek.js';
import { postgresIndex, sqliteIndex, INDEX_CAMERAS, INDEX_DAYS, type IndexResult } from './recording-index.js';
import { guardRun, log, own, runBench, sleep } from './run.js';
import { REPO_ROOT } from './server.js';
import { round } from './stats.js';

const CAMERAS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);

/** A camera-day of 8,640 segments out of all rows: wall p95 and p50, and the CPU each query costs. */
function indexCell(result: IndexResult): string {
  return `${result.query.p95.toFixed(1)} ms (p50 ${result.query.p50.toFixed(1)}, CPU ${result.cpuMsPerQuery.toFixed(2)} ms/query; 8640 segments of ${result.rows})`;
}

/** CPU of the processes of a window: the ffmpegs only (the floor), or all (the HomeCam server and its children). */
function cpuOf(window: WindowResult, onlyFfmpeg: boolean): number {
  return window.processes.filter((p) => !onlyFfmpeg || p.comm === 'ffmpeg').reduce((sum, p) => sum + p.cpuPercent, 0);
}

async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** The floor: bare remuxes of the same streams; their output bytes are the streams' bitrate. */
async function floor(urls: string[]): Promise<{ window: WindowResult; bytesPerSecond: number }> {
  let bytes = 0;
  let counting = false;
  const children: ChildProcess[] = urls.map((url) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-rtsp_transport', 'tcp', '-i', url, '-map', '0', '-c', 'copy', '-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-frag_duration', '100000', 'pipe:1'], { stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout?.on('data', (chunk: Buffer) => (bytes += counting ? chunk.length : 0));
    return child;
  });
  try {
    await sleep(5_000);
    counting = true;
    const window = await measureWindow([process.pid], SECONDS);
    return { window, bytesPerSecond: bytes / window.seconds };
  } finally {
    for (const child of children) child.kill('SIGKILL');
  }
}

/** HomeCam from source in its own process, recording every camera continuously. */
function startHomecam(dataDir: string): ChildProcess {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', join(REPO_ROOT, 'server', 'src', 'main.ts'), '--port', '0', '--host', '127.0.0.1', '--data', dataDir], {
    env: { ...process.env, HOMECAM_ADMIN_PASSWORD: 'bench-admin', HOMECAM_LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'inherit'],
  });
  own('homecam', async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
  });
  return child;
}

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'homecam-bench-recording-'));
  own('work dir', () => rm(work, { recursive: true, force: true }));
  log(`starting ${CAMERAS} simulated cameras (clip mode)`);
  const sim = await startCameraSimulator({ cameras: CAMERAS, clip: true });
  own('simulator', () => sim.close());
  const urls = sim.cameras.map((camera) => camera.mainUrl);

  log(`floor: ${CAMERAS} bare ffmpeg -c copy remuxes, ${SECONDS} s`);
  const { window: bare, bytesPerSecond } = await floor(urls);

  const dataDir = join(work, 'data');
  await mkdir(dataDir);
  const cameras = urls.map((source, i) => ({ name: `Cam ${i + 1}`, recordingMode: 'continuous', videoConfig: { source, stimeout: 10 } }));
  await writeFile(join(dataDir, 'config.json'), JSON.stringify({ cameras, recordings: { continuous: { segmentSeconds: 10 } } }));
  const server = startHomecam(dataDir);
  const segDir = join(dataDir, 'recordings', 'segments.d');
  log('HomeCam recording 16 cameras; waiting for every camera to write');
  for (let i = 0; i < 240 && (await readdir(segDir).catch(() => [])).length < CAMERAS; i++) await sleep(500);
  await sleep(8_000);
  const diskBefore = await bytesUnder(segDir);
  log(`measuring ${SECONDS} s`);
  const homecam = await measureWindow([server.pid ?? 0], SECONDS);
  const bytesWritten = (await bytesUnder(segDir)) - diskBefore;
  const bytesIn = bytesPerSecond * homecam.seconds;
  const sampleDir = join(segDir, 'Cam_1');
  const samples = (await readdir(sampleDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)).sort();
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));

  log('export of 10 minutes (60 × 10 s segments)');
  // A finished segment (not the first, which may start mid-stream, nor the last, cut by the stop), 60 times.
  const sample = samples[1];
  if (!sample) throw new Error('no finished segment to export');
  const copies = [];
  for (let i = 0; i < 60; i++) {
    const path = join(work, `copy-${i}.mp4`);
    await copyFile(sample, path);
    copies.push({ path, start: i * 10_000, end: (i + 1) * 10_000 });
  }
  const exportT0 = performance.now();
  const exported = await runExport('ffmpeg', copies, 0, copies[copies.length - 1]!.end, join(work, 'export.mp4'), () => undefined);
  const exportMs = performance.now() - exportT0;

  log(`index: ${INDEX_DAYS} days × ${INDEX_CAMERAS} cameras of 10 s segments`);
  const sqlite = await sqliteIndex(work);
  const postgres = await postgresIndex();
  log('seek → first frame in Chromium (History page, one camera of its own)');
  const seek = await seekPhase();

  const floorCpu = cpuOf(bare, true);
  const homecamCpu = cpuOf(homecam, false);
  const target = floorCpu < 12 ? 15 : floorCpu * 1.25;
  const amplification = bytesWritten / Math.max(1, bytesIn);
  const rows: Row[] = [
    { metric: `floor: ${CAMERAS} bare ffmpeg -c copy (same streams, same run)`, measured: pct(floorCpu), target: '–', pass: null },
    { metric: `HomeCam recording ${CAMERAS} cameras (server + its ffmpegs)`, measured: pct(homecamCpu), target: floorCpu < 12 ? '≤ 15 % of one core' : `≤ 1.25 × floor (${pct(target)})`, pass: homecamCpu <= target },
    { metric: 'bytes written ÷ bytes received from the cameras', measured: amplification.toFixed(3), target: '≤ 1.05 (no amplification)', pass: amplification <= 1.05 },
    { metric: 'index: timeline of one camera-day, p95, SQLite', measured: indexCell(sqlite), target: '≤ 20 ms', pass: sqlite.query.p95 <= 20 },
    { metric: 'index: timeline of one camera-day, p95, PostgreSQL 15', measured: indexCell(postgres), target: '≤ 20 ms', pass: postgres.query.p95 <= 20 },
    { metric: 'export of 10 minutes (-c copy)', measured: `${(exportMs / 1000).toFixed(2)} s (${(exported.bytes / 1024 / 1024).toFixed(0)} MiB)`, target: '≤ 5 s', pass: exportMs <= 5_000 },
    ...seek.rows,
  ];
  const result = {
    date: new Date().toISOString(), machine: { cpus: cpus().length }, durationSeconds: SECONDS,
    floorCpuPercent: round(floorCpu), homecamCpuPercent: round(homecamCpu), loadAverage: homecam.loadAverage,
    bytesIn, bytesWritten, amplification: round(amplification, 4), exportMs: round(exportMs), exportBytes: exported.bytes,
    index: { sqlite, postgres }, seek: seek.json, processes: { floor: bare.processes.filter((p) => p.comm === 'ffmpeg').length, homecam: homecam.processes.filter((p) => p.comm === 'ffmpeg').length }, bytesPerSecondPerCamera: round(bytesPerSecond / CAMERAS),
  };
  publishResults('recording', '24/7 recording', result, rows, [
    'HomeCam runs as its own process (node + tsx, from source: the TypeScript loader adds a little); its CPU is that process and its ffmpeg children; the simulators are not counted.',
    'bytes received = the floor ffmpegs\' output rate (the same remux of the same streams) × the HomeCam window; bytes written = growth of segments.d.',
    'the export concatenates 60 copies of one recorded 10 s segment (the live run is shorter than 10 minutes).',
    'The floor is what RTSP ingest alone costs here; a target in % of a core is read against it (reference/cpu-2026-11-28.md).',
    `machine load average during the HomeCam window: ${homecam.loadAverage}`,
  ], REPO_ROOT);
}

await runBench(main, guardRun(20 * 60_000));
