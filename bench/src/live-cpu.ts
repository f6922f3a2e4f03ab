/** CPU of the server, its ffmpeg children by camera, and the simulator over one measurement window (bench:live). */
import type { CameraSimulator, SimulatedCamera } from '@homecam/tools';
import { descendants, measureWindow, readCmdline, threadPercent, threadTicks, type WindowResult } from './proc.js';
import { pct } from './report.js';
import type { BenchServer } from './server.js';

export interface Breakdown {
  seconds: number;
  /** the server's Node process */
  server: number;
  /** its ffmpeg children by camera name (remux processes) */
  ffmpeg: Record<string, number>;
  ffmpegTotal: number;
  /** other children (one-shot snapshot ffmpegs, ...) */
  otherChildren: number;
  /** server + all its children */
  total: number;
  simulator: Record<string, number>;
  simulatorTotal: number;
  benchProcess: number;
  /** The bare remux of the same camera (floor.ts) when one ran in the window, else null; not in `total`. */
  floor: number | null;
  /** CPU of the server's threads by name ('node', 'SCTP timer', 'libuv-worker', ...), % of one core. */
  serverThreads: Record<string, number>;
  machineBusyPercent: number;
  loadAverage: number;
  serverRss: number | null;
  ffmpegRss: Record<string, number | null>;
}

export function cameraOfFfmpeg(pid: number, cameras: readonly SimulatedCamera[]): string | null {
  const cmdline = readCmdline(pid);
  const camera = cameras.find((c) => cmdline.includes(`:${c.port}/`));
  return camera ? camera.name : null;
}

/** `floorPid`: a bare remux (floor.ts) measured in the same window and reported apart. */
export async function measure(server: BenchServer, sim: CameraSimulator, seconds: number, simCameras: readonly SimulatedCamera[], floorPid?: number): Promise<Breakdown> {
  const simPids = simCameras.map((c) => c.pid).filter((p): p is number => p !== null);
  const benchBefore = process.cpuUsage();
  const benchT0 = performance.now();
  const threadsBefore = threadTicks(server.pid);
  const window: WindowResult = await measureWindow([server.pid, ...simPids, ...(floorPid === undefined ? [] : [floorPid])], seconds);
  const serverThreads = threadPercent(threadsBefore, threadTicks(server.pid), window.seconds);
  const benchUsage = process.cpuUsage(benchBefore);
  const benchWall = (performance.now() - benchT0) / 1000;
  const simByPid = new Map(sim.cameras.map((c) => [c.pid, c.name]));
  const serverTree = new Set([server.pid, ...window.processes.map((p) => p.pid).filter((pid) => !simPids.includes(pid))]);
  const simTree = new Map<number, string>();
  for (const pid of simPids) {
    simTree.set(pid, simByPid.get(pid) ?? String(pid));
    for (const child of descendants(pid)) simTree.set(child, simByPid.get(pid) ?? String(pid));
  }
  const b: Breakdown = {
    seconds: window.seconds,
    server: 0,
    ffmpeg: {},
    ffmpegTotal: 0,
    otherChildren: 0,
    total: 0,
    simulator: {},
    simulatorTotal: 0,
    floor: null,
    serverThreads,
    benchProcess: ((benchUsage.user + benchUsage.system) / 1e6 / benchWall) * 100,
    machineBusyPercent: window.machineBusyPercent,
    loadAverage: window.loadAverage,
    serverRss: null,
    ffmpegRss: {},
  };
  for (const p of window.processes) {
    if (p.pid === floorPid) {
      b.floor = p.cpuPercent;
      continue;
    }
    const simName = simTree.get(p.pid);
    if (simName !== undefined) {
      b.simulator[simName] = (b.simulator[simName] ?? 0) + p.cpuPercent;
      b.simulatorTotal += p.cpuPercent;
      continue;
    }
    if (!serverTree.has(p.pid)) continue;
    b.total += p.cpuPercent;
    if (p.pid === server.pid) {
      b.server = p.cpuPercent;
      b.serverRss = p.rssBytes;
      continue;
    }
    const camera = p.comm === 'ffmpeg' ? cameraOfFfmpeg(p.pid, sim.cameras) : null;
    if (camera) {
      b.ffmpeg[camera] = (b.ffmpeg[camera] ?? 0) + p.cpuPercent;
      b.ffmpegTotal += p.cpuPercent;
      b.ffmpegRss[camera] = p.rssBytes;
    } else {
      b.otherChildren += p.cpuPercent;
    }
  }
  return b;
}

/** The server's threads above 0.005 %, busiest first: 'node 0.12 %, SCTP timer 0.43 %'. */
export function describeThreads(threads: Record<string, number>): string {
  return Object.entries(threads)
    .filter(([, value]) => value >= 0.005)
    .sort((a, b) => b[1] - a[1])
    .map(([name, value]) => `${name} ${pct(value)}`)
    .join(', ');
}

export function describe(b: Breakdown): string {
  const floor = b.floor === null ? '' : `; floor (bare remux) ${pct(b.floor)}`;
  return `server ${pct(b.server)} + ffmpeg ${pct(b.ffmpegTotal)} + other ${pct(b.otherChildren)} = ${pct(b.total)}${floor}; simulator ${pct(b.simulatorTotal)}; machine ${pct(b.machineBusyPercent, 0)} of 2 cores busy`;
}

