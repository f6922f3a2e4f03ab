/** Small helpers the bench:live phases share. */
export const pickNumbers = (values: readonly (number | null | undefined)[]): number[] => values.filter((v): v is number => typeof v === 'number');
import type { Breakdown } from './live-cpu.js';
import { sleep } from './run.js';
import type { Api, BenchServer } from './server.js';
import { round, summarize, type Summary } from './stats.js';
import { LiveViewer } from './viewer.js';

export interface CameraRecord {
  name: string;
  state: string;
}

export async function waitForState(api: Api, camera: string, state: string, timeoutMs: number): Promise<void> {
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

export async function openViewers(count: number, server: BenchServer, camera: string, token: string, into: LiveViewer[]): Promise<void> {
  const added = Array.from({ length: count }, () => new LiveViewer(server.url, camera, token));
  into.push(...added);
  await Promise.all(added.map((v) => v.firstFragment(15_000)));
}

export function bytesOf(viewers: readonly LiveViewer[]): number[] {
  return viewers.map((v) => v.bytes);
}

export function summaryOrNull(values: number[]): Summary | null {
  return values.length ? roundSummary(summarize(values)) : null;
}

export function roundSummary(s: Summary): Summary {
  return { n: s.n, p50: round(s.p50, 1), p95: round(s.p95, 1), min: round(s.min, 1), max: round(s.max, 1), mean: round(s.mean, 1) };
}

export function roundBreakdown(b: Breakdown): Breakdown {
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
    floor: b.floor === null ? null : round(b.floor, 3),
    serverThreads: r(b.serverThreads),
    machineBusyPercent: round(b.machineBusyPercent, 1),
  };
}
