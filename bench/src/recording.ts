/**
 * `npm run bench:recording` (issue 19): 16 simulated cameras (clip mode, 720p25 H.264 ~2 Mbit/s) recorded
 * continuously by the built HomeCam server on this machine, against the floor measured in the same run: the
 * server's own 16 ffmpeg command lines (read from /proc) run bare, their output only counted. Then bytes written vs
 * bytes received (no amplification), the index query for one camera-day with 30 days × 16 cameras indexed on SQLite
 * and PostgreSQL, and an export of 10 minutes. Prints a table and writes bench/results/recording-*.json.
 */
import { startCameraSimulator, type CameraSimulator } from '@homecam/tools';
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runExport } from '../../server/src/continuous/export-job.js';
import { serverFfmpegArgs } from './floor.js';
import { descendants, measureWindow, threadPercent, threadTicks, type WindowResult } from './proc.js';
import { pct, publishResults, type Row } from './report.js';
import { seekPhase } from './recording-seek.js';
import { postgresIndex, sqliteIndex, INDEX_CAMERAS, INDEX_DAYS, type IndexResult } from './recording-index.js';
import { guardRun, killLeftovers, log, own, runBench, sleep } from './run.js';
import { buildWarning, REPO_ROOT, startServer } from './server.js';
import { round } from './stats.js';

const CAMERAS = 16;
/** Two loops of the simulator's 20 s clip: the streams' average bitrate is the same in every window. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 40);

/** A camera-day of 8,640 segments out of all rows: wall p95 (median of the rounds') and p50, and the CPU each query costs. */
function indexCell(result: IndexResult): string {
  const rounds = result.roundP95.map((p95) => p95.toFixed(0)).join('/');
  return `${result.p95.toFixed(1)} ms (rounds ${rounds}; p50 ${result.query.p50.toFixed(1)}; CPU ${result.cpuMsPerQuery.toFixed(2)} ms/query; 8640 of ${result.rows} segments)`;
}

/** CPU of the processes of a window: the ffmpegs only (the floor), or all (the HomeCam server and its children). */
function cpuOf(window: WindowResult, onlyFfmpeg: boolean): number {
  return window.processes.filter((p) => !onlyFfmpeg || p.comm === 'ffmpeg').reduce((sum, p) => sum + p.cpuPercent, 0);
}

/** Bytes of every file under `dir`, and the moment that stands for (the middle of the scan: files grow meanwhile). */
async function bytesUnder(dir: string): Promise<{ bytes: number; at: number }> {
  const t0 = performance.now();
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (entry.isFile()) bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return { bytes, at: (t0 + performance.now()) / 2 };
}

interface HomecamRun {
  window: WindowResult;
  /** Growth of segments.d per second, between the midpoints of the two scans around the window. */
  bytesWrittenPerSecond: number;
  serverThreads: Record<string, number>;
  /** The server's ffmpeg command line per camera: the floor runs exactly these. */
  ffmpegArgs: string[][];
  /** Finished segment files of one camera, oldest first. */
  samples: string[];
}

/** The built server recording every camera continuously in 10 s segments, measured once all of them write. */
async function recordWithHomecam(sim: CameraSimulator): Promise<HomecamRun> {
  const cameras = sim.cameras.map((camera, i) => ({ name: `Cam ${i + 1}`, recordingMode: 'continuous', videoConfig: { source: camera.mainUrl, stimeout: 10 } }));
  const server = await startServer({ HOMECAM_ADMIN_PASSWORD: 'bench-admin', HOMECAM_LOG_LEVEL: 'warn' }, { cameras, recordings: { continuous: { segmentSeconds: 10 } } });
  const stop = async (): Promise<void> => {
    const tree = descendants(server.pid);
    await server.stop();
    killLeftovers(tree);
  };
  own('homecam', stop);
  try {
    const segDir = join(server.dataDir, 'recordings', 'segments.d');
    log(`HomeCam (pid ${server.pid}) recording ${CAMERAS} cameras; waiting for every camera to write`);
    for (let i = 0; i < 240 && (await readdir(segDir).catch(() => [])).length < CAMERAS; i++) await sleep(500);
    await sleep(8_000);
    const ffmpegArgs = sim.cameras.map((camera) => serverFfmpegArgs(server.pid, camera.port) ?? []);
    if (ffmpegArgs.some((args) => args.length === 0)) throw new Error('the server runs no ffmpeg for some camera');
    const before = await bytesUnder(segDir);
    const threads = threadTicks(server.pid);
    log(`measuring HomeCam ${SECONDS} s`);
    const window = await measureWindow([server.pid], SECONDS);
    const serverThreads = threadPercent(threads, threadTicks(server.pid), window.seconds);
    const after = await bytesUnder(segDir);
    const bytesWrittenPerSecond = (after.bytes - before.bytes) / ((after.at - before.at) / 1000);
    const sampleDir = join(segDir, 'Cam_1');
    const files = (await readdir(sampleDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)).sort();
    // Copied out: the data directory goes with the server.
    const samples = [];
    for (const [i, file] of files.slice(0, 3).entries()) {
      const copy = join(tmpdir(), `homecam-bench-sample-${process.pid}-${i}.mp4`);
      await copyFile(file, copy);
      own('sample', () => rm(copy, { force: true }));
      samples.push(copy);
    }
    return { window, bytesWrittenPerSecond, serverThreads, ffmpegArgs, samples };
  } finally {
    await stop();
  }
}

/** The floor: the server's own ffmpeg commands run bare; what they output is the streams' bytes. */
async function floor(ffmpegArgs: readonly string[][]): Promise<{ window: WindowResult; bytesPerSecond: number }> {
  let bytes = 0;
  let counting = false;
  const children: ChildProcess[] = ffmpegArgs.map(([command, ...args]) => {
    const child = spawn(command ?? 'ffmpeg', args, { stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout?.on('data', (chunk: Buffer) => (bytes += counting ? chunk.length : 0));
    return child;
  });
  own('floor', () => Promise.resolve(void children.forEach((child) => child.kill('SIGKILL'))));
  try {
    await sleep(5_000);
    counting = true;
    const t0 = performance.now();
    const window = await measureWindow([process.pid], SECONDS);
    return { window, bytesPerSecond: bytes / ((performance.now() - t0) / 1000) };
  } finally {
    for (const child of children) child.kill('SIGKILL');
  }
}

/** 10 minutes: 60 copies of one finished 10 s segment (not the first, which may start mid-stream) joined by -c copy. */
async function exportTenMinutes(work: string, sample: string): Promise<{ ms: number; bytes: number }> {
  const copies = [];
  for (let i = 0; i < 60; i++) {
    const path = join(work, `copy-${i}.mp4`);
    await copyFile(sample, path);
    copies.push({ path, start: i * 10_000, end: (i + 1) * 10_000 });
  }
  const t0 = performance.now();
  const exported = await runExport('ffmpeg', copies, 0, copies[copies.length - 1]!.end, join(work, 'export.mp4'), () => undefined);
  return { ms: performance.now() - t0, bytes: exported.bytes };
}

async function main(): Promise<void> {
  const warning = buildWarning();
  if (warning) log(`WARNING: ${warning}`);
  const work = await mkdtemp(join(tmpdir(), 'homecam-bench-recording-'));
  own('work dir', () => rm(work, { recursive: true, force: true }));
  log(`starting ${CAMERAS} simulated cameras (clip mode)`);
  const sim = await startCameraSimulator({ cameras: CAMERAS, clip: true });
  own('simulator', () => sim.close());

  const homecam = await recordWithHomecam(sim);
  log(`floor: the server's ${CAMERAS} ffmpeg commands run bare, ${SECONDS} s`);
  const { window: bare, bytesPerSecond } = await floor(homecam.ffmpegArgs);
  log('export of 10 minutes (60 × 10 s segments)');
  const sample = homecam.samples[1];
  if (!sample) throw new Error('no finished segment to export');
  const exported = await exportTenMinutes(work, sample);
  log(`index: ${INDEX_DAYS} days × ${INDEX_CAMERAS} cameras of 10 s segments`);
  const sqlite = await sqliteIndex(work);
  const postgres = await postgresIndex();
  log('seek → first frame in Chromium (History page, one camera of its own)');
  const seek = await seekPhase();

  const floorCpu = cpuOf(bare, true);
  const homecamCpu = cpuOf(homecam.window, false);
  const amplification = homecam.bytesWrittenPerSecond / Math.max(1, bytesPerSecond);
  const rows: Row[] = [
    { metric: `floor: the server's ${CAMERAS} ffmpeg commands run bare (same streams)`, measured: pct(floorCpu), target: '–', pass: null },
    { metric: `HomeCam recording ${CAMERAS} cameras (server + its ffmpegs)`, measured: pct(homecamCpu), target: '≤ 15 % of one core', pass: homecamCpu <= 15 },
    { metric: 'HomeCam ÷ floor', measured: `${(homecamCpu / Math.max(0.01, floorCpu)).toFixed(2)}×`, target: '–', pass: null },
    { metric: 'bytes written ÷ bytes received from the cameras', measured: amplification.toFixed(3), target: '≤ 1.05 (no amplification)', pass: amplification <= 1.05 },
    { metric: 'index: timeline of one camera-day, p95, SQLite', measured: indexCell(sqlite), target: '≤ 20 ms', pass: sqlite.p95 <= 20 },
    { metric: 'index: timeline of one camera-day, p95, PostgreSQL 15', measured: indexCell(postgres), target: '≤ 20 ms', pass: postgres.p95 <= 20 },
    { metric: 'export of 10 minutes (-c copy)', measured: `${(exported.ms / 1000).toFixed(2)} s (${(exported.bytes / 1024 / 1024).toFixed(0)} MiB)`, target: '≤ 5 s', pass: exported.ms <= 5_000 },
    ...seek.rows,
  ];
  const perProcess = (window: WindowResult) => window.processes.map((p) => ({ comm: p.comm, cpuPercent: round(p.cpuPercent) }));
  const result = {
    date: new Date().toISOString(), machine: { cpus: cpus().length }, durationSeconds: SECONDS, buildWarning: warning,
    floorCpuPercent: round(floorCpu), homecamCpuPercent: round(homecamCpu), loadAverage: { homecam: homecam.window.loadAverage, floor: bare.loadAverage },
    bytesPerSecondIn: round(bytesPerSecond), bytesPerSecondWritten: round(homecam.bytesWrittenPerSecond), amplification: round(amplification, 4), exportMs: round(exported.ms), exportBytes: exported.bytes,
    index: { sqlite, postgres }, seek: seek.json, processes: { floor: perProcess(bare).filter((p) => p.comm === 'ffmpeg'), homecam: perProcess(homecam.window) },
    serverThreads: Object.fromEntries(Object.entries(homecam.serverThreads).map(([name, value]) => [name, round(value)])),
    bytesPerSecondPerCamera: round(bytesPerSecond / CAMERAS),
  };
  publishResults('recording', '24/7 recording', result, rows, [
    'HomeCam is the built server (server/dist) in its own process; its CPU is that process and its ffmpeg children (one per camera, the hub\'s); the simulators are not counted.',
    'The floor runs the same ffmpeg command lines the server ran for the cameras (read from /proc), output counted and dropped: RTSP ingest and the remux alone.',
    'bytes received per second = the floor\'s output rate; bytes written per second = growth of segments.d across the HomeCam window.',
    `server threads (% of one core): ${Object.entries(homecam.serverThreads).map(([name, value]) => `${name} ${value.toFixed(2)}`).join(', ')} ('node': libuv's pool, where the writes and syncs run, and V8's helpers)`,
    'the export concatenates 60 copies of one recorded 10 s segment (the live run is shorter than 10 minutes).',
    'index rows: wall time per query under whatever else the machine runs, p95 of each of 5 rounds of 200 a second apart and their median; CPU per query = this process + the PostgreSQL backend, which load does not skew.',
    `machine load average: ${homecam.window.loadAverage} in the HomeCam window, ${bare.loadAverage} in the floor's`,
  ], REPO_ROOT);
}

await runBench(main, guardRun(20 * 60_000));
