/** The CPU rows of issue 17, shared by bench:cpu and bench:live: idle, and one viewer read against the floor. */
import type { Breakdown } from './live-cpu.js';
import { pct, type Row } from './report.js';

export const CPU_TARGET = {
  /** The built server with no camera, % of one core. */
  idle: 0.2,
  /** One camera with one live viewer, server + its ffmpeg, % of one core (on a machine whose floor is ~1 %). */
  oneViewer: 1.2,
  /** ... read against the floor measured in the same run: at most this multiple of a bare remux. */
  oneViewerOverFloor: 1.5,
};

export interface OneViewerCpu {
  server: number;
  ffmpeg: number;
  total: number;
  /** The bare remux of the same camera in the same window. */
  floor: number;
  /** total ÷ floor */
  ratio: number;
}

/** One window's figures for the rows; the floor must have run in the window (else NaN). */
export function oneViewerCpu(b: Breakdown, camera: string): OneViewerCpu {
  const floor = b.floor ?? Number.NaN;
  return { server: b.server, ffmpeg: b.ffmpeg[camera] ?? 0, total: b.total, floor, ratio: b.total / floor };
}

export function idleRow(total: number, how: string): Row {
  return { metric: `server idle, no camera (${how})`, measured: pct(total), target: `≤ ${CPU_TARGET.idle} %`, pass: total <= CPU_TARGET.idle };
}

export function floorRows(cpu: OneViewerCpu, how: string): Row[] {
  return [
    {
      metric: `1 camera, 1 viewer: server + ffmpeg (server; ffmpeg) (${how})`,
      measured: `${pct(cpu.total)} (${pct(cpu.server)}; ${pct(cpu.ffmpeg)})`,
      target: `≤ ${CPU_TARGET.oneViewer} %`,
      pass: cpu.total <= CPU_TARGET.oneViewer,
    },
    { metric: 'floor: bare ffmpeg -c copy remux of the same camera, same window', measured: pct(cpu.floor), target: '–', pass: null },
    {
      metric: '1 camera, 1 viewer ÷ floor',
      measured: Number.isFinite(cpu.ratio) ? `${cpu.ratio.toFixed(2)}×` : 'n/a',
      target: `≤ ${CPU_TARGET.oneViewerOverFloor}×`,
      pass: Number.isFinite(cpu.ratio) ? cpu.ratio <= CPU_TARGET.oneViewerOverFloor : null,
    },
  ];
}
