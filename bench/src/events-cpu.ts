/** CPU of the server and its ffmpeg children by camera and role over one window, and waiting for streams (bench:events). */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CameraSimulator, SimulatedCamera } from '@homecam/tools';
import { measureWindow, readCmdline, type WindowResult } from './proc.js';
import { pct } from './report.js';
import type { Api, BenchServer } from './server.js';
import { round, summarize, type Summary } from './stats.js';
import { sleep } from './run.js';

export interface ServerCpu {
  seconds: number;
  /** server Node process */
  server: number;
  /** its main stream remux ffmpeg per camera (matched by RTSP port and path) */
  ffmpeg: Record<string, number>;
  /** its sub stream remux ffmpeg per camera (started for motion detection) */
  sub: Record<string, number>;
  /** the motion decoder ffmpegs (fMP4 on stdin → gray raw frames), all cameras */
  decoder: number;
  /** how many decoders ran the whole window */
  decoders: number;
  /** other children (one-shot snapshot/thumbnail ffmpegs) */
  other: number;
  total: number;
  machineBusyPercent: number;
  loadAverage: number;
}

export type FfmpegRole = { role: 'main' | 'sub'; camera: string } | { role: 'decoder' } | null;

/** What a server ffmpeg does, from its command line: a camera's remux (RTSP port and path) or a motion decoder. */
export function ffmpegRole(pid: number, cameras: readonly SimulatedCamera[]): FfmpegRole {
  const cmdline = readCmdline(pid);
  if (cmdline.includes('pipe:0') && cmdline.includes('rawvideo')) return { role: 'decoder' };
  for (const c of cameras) {
    if (cmdline.includes(`:${c.port}/sub`)) return { role: 'sub', camera: c.name };
    if (cmdline.includes(`:${c.port}/main`)) return { role: 'main', camera: c.name };
  }
  return null;
}

export async function measureServer(server: BenchServer, sim: CameraSimulator, seconds: number): Promise<ServerCpu> {
  const window: WindowResult = await measureWindow([server.pid], seconds);
  const cpu: ServerCpu = {
    seconds: window.seconds,
    server: 0,
    ffmpeg: {},
    sub: {},
    decoder: 0,
    decoders: 0,
    other: 0,
    total: 0,
    machineBusyPercent: window.machineBusyPercent,
    loadAverage: window.loadAverage,
  };
  for (const p of window.processes) {
    cpu.total += p.cpuPercent;
    if (p.pid === server.pid) cpu.server = p.cpuPercent;
    else {
      const role = p.comm === 'ffmpeg' && p.wholeWindow ? ffmpegRole(p.pid, sim.cameras) : null;
      if (role?.role === 'decoder') {
        cpu.decoder += p.cpuPercent;
        cpu.decoders += 1;
      } else if (role) {
        const into = role.role === 'main' ? cpu.ffmpeg : cpu.sub;
        into[role.camera] = (into[role.camera] ?? 0) + p.cpuPercent;
      } else cpu.other += p.cpuPercent;
    }
  }
  return cpu;
}

export const sumOf = (o: Record<string, number>): number => Object.values(o).reduce((a, b) => a + b, 0);

export function describeServer(c: ServerCpu): string {
  const motion = c.decoders || Object.keys(c.sub).length ? ` + sub remux ffmpeg ${pct(sumOf(c.sub))} + ${c.decoders} decoder ffmpeg ${pct(c.decoder)}` : '';
  return `server ${pct(c.server)} + main remux ffmpeg ${pct(sumOf(c.ffmpeg))}${motion} + other ${pct(c.other)} = ${pct(c.total)}; machine ${pct(c.machineBusyPercent, 0)} busy`;
}

export function roundCpu(c: ServerCpu): ServerCpu {
  return {
    ...c,
    seconds: round(c.seconds, 2),
    server: round(c.server, 3),
    ffmpeg: Object.fromEntries(Object.entries(c.ffmpeg).map(([k, v]) => [k, round(v, 3)])),
    sub: Object.fromEntries(Object.entries(c.sub).map(([k, v]) => [k, round(v, 3)])),
    decoder: round(c.decoder, 3),
    other: round(c.other, 3),
    total: round(c.total, 3),
    machineBusyPercent: round(c.machineBusyPercent, 1),
  };
}

/** Bytes of all files under `dir` (recordings written so far). */
export function bytesUnder(dir: string): number {
  let total = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += bytesUnder(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

export async function waitForStreaming(api: Api, camera: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    last = (await api.request<{ state: string }>('GET', `/api/cameras/${encodeURIComponent(camera)}/status`)).state;
    if (last === 'streaming') return;
    await sleep(100);
  }
  throw new Error(`camera ${camera} not streaming within ${timeoutMs} ms (last: ${last})`);
}

export function roundSummary(values: number[]): Summary | null {
  if (!values.length) return null;
  const s = summarize(values);
  return { n: s.n, p50: round(s.p50, 1), p95: round(s.p95, 1), min: round(s.min, 1), max: round(s.max, 1), mean: round(s.mean, 1) };
}

